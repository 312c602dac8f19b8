import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LifeBuoy, MailCheck, Trash2 } from 'lucide-react';
import { ZTrustedContactInput, type TTrustedContactInput } from '@contracts/check-ins';
import { fieldErrors } from '@contracts/zod';
import { QuerySection } from '@/components/page/settings-section';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, SubmitButton } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { checkInsQueryOptions, contactQueryOptions, removeContact, saveContact } from './check-ins-api';
import { ErrorText } from '@/components/ui/error-text';

/** Settings: the one person we email if a date check-in is missed. */
export function TrustedContactSection() {
  const client = useQueryClient();
  const contact = useQuery(contactQueryOptions);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  // The contract's own checks, run before sending, so every submit shows this attempt's problems.
  const [checked, setChecked] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: TTrustedContactInput) => saveContact(input),
    onSuccess: ({ contact: saved }) => {
      client.setQueryData(contactQueryOptions.queryKey, saved);
      setEditing(false);
      toast.success(saved?.confirmed ? 'Contact saved' : `Invitation sent to ${saved?.name}`, {
        description: saved?.confirmed
          ? undefined
          : 'They confirm with the link in the email. Then you can set check-ins.',
      });
    },
  });
  const remove = useMutation({
    mutationFn: removeContact,
    onSuccess: () => {
      client.setQueryData(contactQueryOptions.queryKey, null);
      void client.invalidateQueries({ queryKey: checkInsQueryOptions.queryKey });
      toast.success('Trusted contact removed');
    },
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const errors = { ...(save.error instanceof ApiError ? save.error.fields : undefined), ...checked };
  const startEditing = (current?: { name: string; email: string } | null) => {
    setName(current?.name ?? '');
    setEmail(current?.email ?? '');
    save.reset();
    setChecked({});
    setEditing(true);
  };
  return (
    <QuerySection
      id="trusted-contact"
      icon={LifeBuoy}
      title="Trusted contact"
      description="Someone we email if you miss a date check-in, with who you are meeting, where and when. Free on every plan."
      query={contact}
      failure="Could not load your trusted contact."
    >
      {(current) =>
        editing ? (
          <form
            className="grid gap-3"
            aria-label="Trusted contact"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save.reset();
              const input = ZTrustedContactInput.safeParse({ name, email });
              setChecked(fieldErrors(input.error?.issues ?? []));
              if (input.success) save.mutate(input.data);
            }}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Their name" error={errors.name}>
                <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" required />
              </Field>
              <Field label="Their email" error={errors.email}>
                <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
              </Field>
            </div>
            {save.error && !Object.keys(errors).length && (
              <ErrorText>{errorMessage(save.error, 'Could not save your contact.')}</ErrorText>
            )}
            <div className="flex gap-2">
              <SubmitButton size="sm" pending={save.isPending} pendingLabel="Sending...">
                Send invitation
              </SubmitButton>
              <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : current ? (
          <div className="flex flex-wrap items-center gap-3">
            {/* Wide enough for the address and its status; the buttons wrap below it on a phone. */}
            <div className="min-w-48 flex-1">
              <p className="truncate font-medium">{current.name}</p>
              <p className="break-words text-xs text-muted-foreground">
                {current.email} ·{' '}
                {current.confirmed ? (
                  <span className="text-emerald-700 dark:text-emerald-300">confirmed</span>
                ) : (
                  'waiting for them to confirm'
                )}
              </p>
            </div>
            {!current.confirmed && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => save.mutate({ name: current.name, email: current.email })}
                disabled={save.isPending}
              >
                <MailCheck aria-hidden /> Send again
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => startEditing(current)}>
              Change
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
              aria-label={`Remove ${current.name}`}
            >
              <Trash2 aria-hidden /> Remove
            </Button>
          </div>
        ) : (
          <Button size="sm" onClick={() => startEditing(null)}>
            <LifeBuoy aria-hidden /> Add a trusted contact
          </Button>
        )
      }
    </QuerySection>
  );
}
