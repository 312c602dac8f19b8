import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** A field's message from a form's errors, by the field's name. */
const errorOf = <T extends FieldValues>(form: UseFormReturn<T>, name: string) =>
  form.formState.errors[name]?.message as string | undefined;

/** The email and the current password of a sign-in form (fields `email` and `password`). */
export function SignInFields<T extends FieldValues>({
  form,
  emailLabel = 'Email',
  emailAutoComplete = 'email',
}: {
  form: UseFormReturn<T>;
  emailLabel?: string;
  emailAutoComplete?: string;
}) {
  return (
    <>
      <Field label={emailLabel} error={errorOf(form, 'email')}>
        <Input type="email" autoComplete={emailAutoComplete} {...form.register('email' as Path<T>)} />
      </Field>
      <Field label="Password" error={errorOf(form, 'password')}>
        <Input type="password" autoComplete="current-password" {...form.register('password' as Path<T>)} />
      </Field>
    </>
  );
}

/**
 * A new password and its confirmation, as every form that sets a password asks for them. The
 * confirmation is the form's `confirmPassword`; the password is `password` unless named.
 */
export function NewPasswordFields<T extends FieldValues>({
  form,
  name = 'password' as Path<T>,
  labels: [label, confirmLabel],
  hint,
}: {
  form: UseFormReturn<T>;
  name?: Path<T>;
  labels: [string, string];
  hint?: string;
}) {
  return (
    <>
      <Field label={label} hint={hint} error={errorOf(form, name)}>
        <Input type="password" autoComplete="new-password" {...form.register(name)} />
      </Field>
      <Field label={confirmLabel} error={errorOf(form, 'confirmPassword')}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword' as Path<T>)} />
      </Field>
    </>
  );
}
