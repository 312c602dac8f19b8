import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type CheckboxProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
};

/** A native checkbox in the theme's colour, with its label beside it; className styles the label row. */
export function Checkbox({ checked, onCheckedChange, className, children }: CheckboxProps) {
  return (
    <label className={cn('flex items-center gap-2 text-sm', className)}>
      <input
        type="checkbox"
        className="size-4 accent-[var(--primary)]"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      {children}
    </label>
  );
}
