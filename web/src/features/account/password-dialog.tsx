import { useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import type { ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input, SubmitButton } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';

/** A confirmation that asks for the password; it shows its own progress while onConfirm runs. */
type Props = Omit<ConfirmDialogProps, 'description' | 'cancelLabel' | 'pending' | 'onConfirm'> & {
  description: string;
  /** Rejects with a message to show under the field, or resolves to close the dialog. */
  onConfirm: (password: string) => Promise<void>;
};

/** Sensitive changes are confirmed with the current password. */
export function PasswordDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  onConfirm,
}: Props) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const close = (next: boolean) => {
    if (!next) {
      setPassword('');
      setError(undefined);
    }
    onOpenChange(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Please enter your password');
    setPending(true);
    try {
      await onConfirm(password);
      close(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Please try again.');
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal open={open} onOpenChange={close} className="w-[min(94vw,26rem)]">
      <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
      <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
      <form className="grid gap-4" onSubmit={(event) => void submit(event)}>
        <Field label="Your password" error={error}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <SubmitButton variant={destructive ? 'destructive' : 'default'} pending={pending} pendingLabel="Checking...">
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
