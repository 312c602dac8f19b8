import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type CodeFieldProps = {
  code: string;
  onCode: (code: string) => void;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
  placeholder?: string;
};

/** The box for a 6-digit second-factor code, as every code form has it (with useCodeEntry). */
export function CodeField({ code, onCode, label = 'Verification code', hint, autoFocus, placeholder }: CodeFieldProps) {
  return (
    <Field label={label} hint={hint}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => onCode(event.target.value)}
        autoFocus={autoFocus}
        placeholder={placeholder}
      />
    </Field>
  );
}
