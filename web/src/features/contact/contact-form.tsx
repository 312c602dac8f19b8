import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { CONTACT_TEXT, ZContactMessage, type TContactMessage } from '@contracts/admin';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { useSession } from '@/lib/session';
import { client, data } from '@/lib/api';

/** The contact / support form: all four fields required; really delivered to the admin inbox. */
export function ContactForm({ kind, subject = '' }: { kind: 'contact' | 'support'; subject?: string }) {
  const { session } = useSession();
  const form = useForm<TContactMessage>({
    resolver: zodResolver(ZContactMessage) as never,
    defaultValues: { kind, name: '', email: '', subject, message: '' },
  });
  // A signed-in member's name and email are filled in for them (unless already typed).
  useEffect(() => {
    if (!session) return;
    if (!form.getValues('name')) form.setValue('name', session.user.name ?? '');
    if (!form.getValues('email')) form.setValue('email', session.user.email);
  }, [session, form]);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await data(client.api.contact.$post({ json: { ...values, kind } }));
      toast.success(CONTACT_TEXT.sent.title, { description: CONTACT_TEXT.sent.description });
      form.reset({ kind, name: values.name, email: values.email, subject, message: '' });
    } catch {
      toast.error(CONTACT_TEXT.failed.title, { description: CONTACT_TEXT.failed.description });
    }
  });
  return (
    <form
      className="grid gap-4"
      onSubmit={submit}
      noValidate
      aria-label={kind === 'support' ? 'Support request' : 'Contact form'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
      </div>
      <Field label="Subject" error={errors.subject?.message}>
        <Input {...form.register('subject')} />
      </Field>
      <Field label="Message" error={errors.message?.message}>
        <Textarea rows={5} {...form.register('message')} />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
