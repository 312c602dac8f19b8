import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Inbox, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/page/page-header';
import { SpinnerBlock } from '@/components/ui/spinner';
import { untypedCall } from '@/features/auth';
import type { TDevMailList } from '@contracts/responses';
import { usePageMeta } from '@/lib/page-meta';

const KEY_STORE = 'vouch-dev-key';

/**
 * The key the server printed at start, in its link (/dev/mail#key=…): kept in this browser and
 * taken out of the address, so it is asked for once. A fragment never reaches the server's logs.
 */
function devKey(): string | null {
  const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('key');
  if (fromLink) {
    localStorage.setItem(KEY_STORE, fromLink);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  return fromLink ?? localStorage.getItem(KEY_STORE);
}

/**
 * The development outbox: mail the server would have sent, when no SMTP server is configured.
 * Only whoever started the server can read it: it asks for the key printed then.
 */
export function Component() {
  usePageMeta('Dev mail · Vouch');
  const [key] = useState(devKey);
  const query = useQuery({
    queryKey: ['dev-mail'],
    queryFn: () => untypedCall<TDevMailList>('/api/dev/mail', { headers: key ? { 'x-dev-key': key } : {} }),
    refetchInterval: (state) => (state.state.status === 'error' ? false : 5000),
    retry: false,
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title="Dev mail">
        Mail the server would send. This outbox exists only outside production, when no SMTP_URL is set.
      </PageHeader>
      <div className="mb-4 flex justify-end">
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw aria-hidden /> Refresh
        </Button>
      </div>
      {query.isPending ? (
        <SpinnerBlock className="py-16" />
      ) : query.isError ? (
        <Card className="p-6 text-center text-muted-foreground">
          The outbox is not available: open the link the server printed when it started (it ends in #key=…). Only the
          account that started the server can read it.
        </Card>
      ) : query.data.mail.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center text-muted-foreground">
          <Inbox className="size-8" aria-hidden />
          <p>No mail yet. Register or ask for a magic link and it will show up here.</p>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Messages">
          {query.data.mail.map((mail) => (
            <li key={mail.id}>
              <Card className="grid gap-2 p-5">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold">{mail.subject}</h2>
                  <time className="text-xs text-muted-foreground" dateTime={mail.createdAt}>
                    {new Date(mail.createdAt).toLocaleString()}
                  </time>
                </div>
                <p className="text-sm text-muted-foreground">To: {mail.to}</p>
                <details className="text-sm">
                  <summary className="cursor-pointer text-muted-foreground">Show message</summary>
                  <pre className="mt-2 whitespace-pre-wrap break-all font-sans">{mail.text}</pre>
                </details>
                {mail.link && (
                  <Button asChild size="sm" className="justify-self-start">
                    <a href={mail.link} data-testid="mail-link">
                      <ExternalLink aria-hidden /> Open link
                    </a>
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
