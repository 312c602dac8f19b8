import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { toast } from '@/lib/toast';
import { STAR_LABELS, TRUST_TEXT } from '@contracts/trust-constants';
import { ZRatingInput, type TRatingInput } from '@contracts/trust';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { ratingQueryOptions, refreshAfterOwnDateChange, submitRating } from './trust-api';
import { ErrorText } from '@/components/ui/error-text';

type Form = TRatingInput;
const DIMENSIONS = [
  ['overall', 'Overall experience'],
  ['safety', 'Safety'],
  ['respect', 'Respect'],
  ['communication', 'Communication'],
] as const;

/** Five radio buttons drawn as stars: keyboard and screen-reader friendly. */
function StarInput({
  name,
  label,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  value: number | undefined;
  onChange: (v: number) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}: ${STAR_LABELS[n - 1]}`}
            />
            <Star
              className={cn(
                'size-7',
                value && n <= value ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/50',
              )}
              aria-hidden
            />
          </label>
        ))}
        <span className="ml-2 text-xs text-muted-foreground">{value ? STAR_LABELS[value - 1] : ''}</span>
      </div>
      {error && <ErrorText id={`${name}-error`}>{error}</ErrorText>}
    </fieldset>
  );
}

export function RatingForm({ conversationId, otherName }: { conversationId: string; otherName: string }) {
  const client = useQueryClient();
  const form = useForm<Form>({
    resolver: zodResolver(ZRatingInput) as never,
    defaultValues: { safeForFamily: false, safeForHome: false, wouldDateAgain: false, comment: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        client.setQueryData(ratingQueryOptions(conversationId).queryKey, await submitRating(conversationId, values));
        refreshAfterOwnDateChange(client, conversationId);
        toast.success('Rating submitted', { description: `It stays hidden until ${otherName} rates too.` });
      } catch (error) {
        if (error instanceof ApiError && error.status === 403)
          toast.error(TRUST_TEXT.verificationRequired, { description: error.fields?.reason });
        else
          toast.error('Failed to submit rating', {
            description: error instanceof ApiError && error.status === 409 ? error.message : TRUST_TEXT.ratingFailed,
          });
      }
    },
    (invalid) => {
      if (invalid.overall)
        toast.error(TRUST_TEXT.ratingRequired.title, { description: TRUST_TEXT.ratingRequired.description });
    },
  );

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate aria-label={`Rate your date with ${otherName}`}>
      {DIMENSIONS.map(([name, label]) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <StarInput
              name={name}
              label={label}
              value={field.value}
              onChange={field.onChange}
              error={errors[name]?.message}
            />
          )}
        />
      ))}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Badges</legend>
        {(
          [
            ['safeForFamily', 'Safe for family: I would introduce them to my family'],
            ['safeForHome', 'Safe date: I felt safe, and would invite them home'],
            ['wouldDateAgain', 'I would date them again'],
          ] as const
        ).map(([name, label]) => (
          <label key={name} className="flex items-center gap-2.5 text-sm">
            <input type="checkbox" {...form.register(name)} className="size-4 accent-[var(--color-primary)]" />
            {label}
          </label>
        ))}
      </fieldset>
      <Field
        label="Private comment"
        optional
        hint={`Only ${otherName} and our safety team will read it.`}
        error={errors.comment?.message}
      >
        <Textarea {...form.register('comment')} rows={3} />
      </Field>
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? 'Submitting...' : 'Submit rating'}
      </Button>
    </form>
  );
}
