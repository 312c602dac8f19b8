import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { parseInterests } from '@contracts/auth';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { BioField } from './bio-field';

// The registration form and the profile editor ask for these the same way. Both forms name the
// fields `name`, `age`, `interests` and `bio`, all text.
const field = <T extends FieldValues>(name: string) => name as Path<T>;
const errorOf = <T extends FieldValues>(form: UseFormReturn<T>, name: string) =>
  form.formState.errors[name]?.message as string | undefined;

/** The first name and the age, side by side from the small breakpoint up. */
export function NameAndAgeFields<T extends FieldValues>({
  form,
  nameOptional,
}: {
  form: UseFormReturn<T>;
  nameOptional?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
      <Field label="Name" optional={nameOptional} error={errorOf(form, 'name')}>
        <Input autoComplete="given-name" {...form.register(field<T>('name'))} />
      </Field>
      <Field label="Age" optional error={errorOf(form, 'age')}>
        <Input inputMode="numeric" {...form.register(field<T>('age'))} />
      </Field>
    </div>
  );
}

/** Interests as a comma-separated line, then the bio, whose suggestion is written from both. */
export function InterestsAndBioFields<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  const text = (name: string) => String(form.getValues(field<T>(name)) ?? '');
  return (
    <>
      <Field
        label="Interests"
        optional
        hint="Separate interests with commas, e.g. hiking, jazz, cooking"
        error={errorOf(form, 'interests')}
      >
        <Input {...form.register(field<T>('interests'))} />
      </Field>
      <BioField
        error={errorOf(form, 'bio')}
        textarea={form.register(field<T>('bio'))}
        details={() => ({ name: text('name'), interests: parseInterests(text('interests')) })}
        onSuggested={(bio) => form.setValue(field<T>('bio'), bio as T[Path<T>], { shouldDirty: true })}
      />
    </>
  );
}
