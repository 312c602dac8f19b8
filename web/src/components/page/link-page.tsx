import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { SubmitButton } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { ErrorText } from '@/components/ui/error-text';

/**
 * A page opened from a mailed link, by someone who may have no account. It acts only when its
 * button is pressed, never on opening: mail scanners open links, and one must not answer a
 * check-in, confirm a contact or unsubscribe on anyone's behalf.
 */
export function LinkPage({
  pageTitle,
  icon: Icon,
  title,
  intro,
  action: [action, pendingLabel],
  act,
  undo,
}: {
  pageTitle: string;
  icon: LucideIcon;
  title: string;
  intro: string;
  /** The button's label, and what it says while it works. */
  action: [label: string, pending: string];
  /** Does what the link is for; answers what the page then says. */
  act: (token: string) => Promise<string>;
  /** A way back, offered once the action is done: its label and what it does. */
  undo?: [label: string, run: (token: string) => Promise<string>];
}) {
  usePageMeta(pageTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const run = useMutation({ mutationFn: () => act(token) });
  const back = useMutation({ mutationFn: () => undo![1](token) });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card className="grid justify-items-center gap-4 p-8 text-center">
        <Icon className="size-10 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold">{title}</h1>
        {back.isSuccess ? (
          <p role="status" className="text-lg">
            {back.data}
          </p>
        ) : run.isSuccess ? (
          <>
            <p role="status" className="text-lg">
              {run.data}
            </p>
            {undo && (
              <SubmitButton
                variant="outline"
                pending={back.isPending}
                pendingLabel="Saving..."
                onClick={() => back.mutate()}
                type="button"
              >
                {undo[0]}
              </SubmitButton>
            )}
            {back.isError && <ErrorText>{errorMessage(back.error, 'Please try again.')}</ErrorText>}
          </>
        ) : (
          <>
            <p className="text-muted-foreground">{intro}</p>
            <SubmitButton
              size="lg"
              pending={run.isPending}
              pendingLabel={pendingLabel}
              onClick={() => run.mutate()}
              disabled={!token}
              type="button"
            >
              {action}
            </SubmitButton>
            {(run.isError || !token) && (
              <ErrorText>{token ? errorMessage(run.error, 'Please try again.') : 'This link is incomplete.'}</ErrorText>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
