import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { cn } from '@/lib/utils';
import { Button } from './button';

/**
 * A centred dialog over a dimmed page. Put a Dialog.Title (and usually a Dialog.Description)
 * inside; size it with className (a width such as w-[min(94vw,28rem)]).
 */
export function Modal({
  open,
  onOpenChange,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className={cn('modal-panel', className)}>{children}</Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A modal form's Cancel: an outline button that closes the modal and submits nothing. */
export function ModalCancel() {
  return (
    <Dialog.Close asChild>
      <Button type="button" variant="outline">
        Cancel
      </Button>
    </Dialog.Close>
  );
}
