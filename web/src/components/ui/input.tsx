import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';
import { Button, type ButtonProps } from './button';

// The field-* classes are defined in styles.css (components layer), so a caller's utilities override them.
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => (
    <input ref={ref} className={cn('field-control field-line', className)} {...props} />
  ),
);
Input.displayName = 'Input';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...props }, ref) => (
    <textarea ref={ref} className={cn('field-control field-area', className)} {...props} />
  ),
);
Textarea.displayName = 'Textarea';

export const Select = forwardRef<
  HTMLSelectElement,
  InputHTMLAttributes<HTMLSelectElement> & { children: React.ReactNode }
>(({ className, children, ...props }, ref) => (
  <select ref={ref} className={cn('field-control field-line', className)} {...props}>
    {children}
  </select>
));
Select.displayName = 'Select';

/** A form's submit button: disabled while the form is being sent, and saying so with pendingLabel. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
