import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import {
  COUNTRIES,
  parseInterests,
  ZRegisterForm,
  type TRegisterForm,
  type TRegistrationDetails,
} from '@contracts/auth';
import { AUTH_TEXT, TOASTS } from '@contracts/messages';
import { Field } from '@/components/ui/field';
import { Input, Select, SubmitButton } from '@/components/ui/input';
import { InterestsAndBioFields, NameAndAgeFields } from '@/features/profile';
import { errorMessage } from '@/lib/api-client';
import { authApi } from './auth-api';
import { NewPasswordFields } from './credential-fields';

/** Turns the typed form into the sign-up details, leaving out what was left empty. */
function toRegistration(form: TRegisterForm): TRegistrationDetails {
  const interests = parseInterests(form.interests ?? '');
  return {
    name: form.name?.trim() || undefined,
    age: form.age?.trim() ? Number(form.age) : undefined,
    country: form.country || undefined,
    bio: form.bio?.trim() || undefined,
    interests: interests.length ? interests : undefined,
  };
}

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useForm<TRegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      name: '',
      age: '',
      country: '',
      bio: '',
      interests: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const registration = toRegistration(values);
    try {
      await authApi.signUp(values.email.trim(), values.password, registration.name ?? '', registration);
      toast.success(TOASTS.registrationSuccessful.title, { description: TOASTS.registrationSuccessful.description });
      onRegistered(values.email.trim());
    } catch (error) {
      toast.error(TOASTS.registrationFailed.title, {
        description: errorMessage(error, TOASTS.registrationFailed.fallback),
      });
    }
  });

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields form={form} labels={['Password', 'Confirm password']} />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{AUTH_TEXT.passwordRuleHint}.</p>
      <NameAndAgeFields form={form} nameOptional />
      <Field label="Country" optional error={errors.country?.message}>
        <Select {...form.register('country')}>
          <option value="">Choose your country</option>
          {COUNTRIES.map((country) => (
            <option key={country.value} value={country.value}>
              {country.label}
            </option>
          ))}
        </Select>
      </Field>
      <InterestsAndBioFields form={form} />
      <SubmitButton size="lg" pending={isSubmitting} pendingLabel="Creating Account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
