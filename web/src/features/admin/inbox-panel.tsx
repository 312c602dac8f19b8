import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Inbox, Star } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { inboxQueryOptions, markHandled } from './admin-api';
import { QueryView } from '@/components/page/query-view';

/** Contact and support messages: unhandled first, priority support on top. */
export function InboxPanel() {
  const client = useQueryClient();
  const inbox = useQuery(inboxQueryOptions);
  const handle = useMutation({
    mutationFn: markHandled,
    onSuccess: () => void client.invalidateQueries({ queryKey: inboxQueryOptions.queryKey }),
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const open = inbox.data?.filter((m) => !m.handled).length ?? 0;
  return (
    <section id="inbox" className="grid scroll-mt-20 content-start gap-2" aria-label="Inbox">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Inbox className="size-5 text-primary" aria-hidden /> Inbox{' '}
        <span className="text-sm font-normal text-muted-foreground">({open} to answer)</span>
      </h2>
      <QueryView
        query={inbox}
        failure="Could not load the inbox."
        empty={<p className="rounded-xl bg-muted/60 p-4 text-sm text-muted-foreground">No messages yet.</p>}
      >
        {(list) => (
          <ul className="grid max-h-[28rem] gap-2 overflow-y-auto" aria-label="Inbox messages">
            {list.map((m) => (
              <li key={m.id}>
                <Card className={cn('grid gap-1 p-3 text-sm', m.handled && 'opacity-60')}>
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {m.priority && (
                      <Star className="size-4 fill-amber-400 text-amber-400" aria-label="Priority support" />
                    )}
                    {m.subject}
                    <span className="rounded-full bg-muted px-2 text-xs font-normal text-muted-foreground">
                      {m.kind}
                    </span>
                    <span className="ml-auto text-xs font-normal text-muted-foreground">
                      {new Date(m.createdAt).toLocaleString()}
                    </span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {m.name} ·{' '}
                    <a className="hover:underline" href={`mailto:${m.email}`}>
                      {m.email}
                    </a>
                  </p>
                  <p className="whitespace-pre-wrap">{m.message}</p>
                  {!m.handled && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="justify-self-start"
                      onClick={() => handle.mutate(m.id)}
                      disabled={handle.isPending}
                    >
                      <Check aria-hidden /> Mark handled
                    </Button>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
