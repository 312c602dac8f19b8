import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Nothing resolves conflicts between them: the shared components' own
 * styles are component classes (styles.css, components layer), which any utility a caller
 * adds outranks, and a component never lists two utilities for the same property.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
