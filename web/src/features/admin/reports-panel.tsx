import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Flag, Lightbulb, ShieldAlert } from 'lucide-react';
import { PLATFORM_SUGGESTIONS } from '@contracts/admin';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { eventsQueryOptions } from './admin-api';
import { InboxPanel } from './inbox-panel';
import { MemberLink } from './users-panel';
import { QueryView } from '@/components/page/query-view';

export const SEVERITY_STYLE = {
  high: 'pill-bad',
  warning: 'pill-waiting',
  info: 'pill-neutral',
} as const;

/** Security events (newest 50), the platform suggestions and four counters from real data. */
export function ReportsPanel() {
  const events = useQuery(eventsQueryOptions);
  const counters = events.data?.counters;
  const cards = [
    { label: 'User Reports', value: counters?.userReports, icon: Flag },
    { label: 'Content Flags', value: counters?.contentFlags, icon: AlertTriangle },
    { label: 'High Priority Issues', value: counters?.highPriorityIssues, icon: ShieldAlert },
    { label: 'Resolved Issues', value: counters?.resolvedIssues, icon: CheckCircle2 },
  ];
  return (
    <div className="grid gap-6">
      <InboxPanel />
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Counters">
        {cards.map(({ label, value, icon: Icon }) => (
          <li key={label}>
            <Card className="grid gap-1 p-4">
              <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                <Icon className="size-4 text-primary" aria-hidden /> {label}
              </span>
              <span className="text-2xl font-bold tabular-nums">{value ?? '–'}</span>
            </Card>
          </li>
        ))}
      </ul>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section className="grid content-start gap-2" aria-label="Security Events">
          <h2 className="text-lg font-semibold">Security Events</h2>
          <QueryView query={events} failure="Could not load the security events.">
            {(data) => (
              <ol className="grid gap-2">
                {data.events.map((event) => (
                  <li key={event.id}>
                    <Card className="flex flex-wrap items-center gap-2 p-3 text-sm">
                      <span className={cn('pill', SEVERITY_STYLE[event.severity])}>{event.severity}</span>
                      <span className="font-medium">{event.eventType.replace(/_/g, ' ')}</span>
                      <span className="ml-auto text-xs text-muted-foreground">
                        {new Date(event.createdAt).toLocaleString()}
                      </span>
                      {(event.actor || event.subject) && (
                        <span className="w-full text-xs text-muted-foreground">
                          {event.actor && (
                            <>
                              by <MemberLink member={event.actor} />
                            </>
                          )}
                          {event.actor && event.subject && event.subject.userId !== event.actor.userId && ' · '}
                          {event.subject && event.subject.userId !== event.actor?.userId && (
                            <>
                              about <MemberLink member={event.subject} />
                            </>
                          )}
                        </span>
                      )}
                    </Card>
                  </li>
                ))}
              </ol>
            )}
          </QueryView>
        </section>
        <section className="grid content-start gap-2" aria-label="Platform Suggestions">
          <h2 className="text-lg font-semibold">Platform Suggestions</h2>
          {PLATFORM_SUGGESTIONS.map((s) => (
            <Card key={s.title} className="grid gap-1 p-3 text-sm">
              <span className="flex items-center gap-1.5 font-medium">
                <Lightbulb className="size-4 text-primary" aria-hidden /> {s.title}
                <span
                  className={cn(
                    'ml-auto rounded-full px-2 py-0.5 text-xs',
                    s.priority === 'high'
                      ? SEVERITY_STYLE.high
                      : s.priority === 'medium'
                        ? SEVERITY_STYLE.warning
                        : SEVERITY_STYLE.info,
                  )}
                >
                  {s.priority}
                </span>
              </span>
              <span className="text-muted-foreground">{s.text}</span>
            </Card>
          ))}
        </section>
      </div>
    </div>
  );
}
