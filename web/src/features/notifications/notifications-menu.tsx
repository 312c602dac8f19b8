import { withLocalTimes } from '@contracts/times';
import { DropdownMenu } from 'radix-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheck,
  BellOff,
  CalendarHeart,
  Crown,
  Heart,
  LifeBuoy,
  MessageCircle,
  ShieldCheck,
  Sparkles,
  Star,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import type { TNotification } from '@contracts/safety';
import { SpinnerBlock } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { markNotificationsRead, notificationsQueryOptions } from './notifications-api';
import { NotificationsButton } from './notifications-bell';

const ICONS: Record<TNotification['type'], typeof Heart> = {
  match: Heart,
  message: MessageCircle,
  review: Star,
  report_outcome: ShieldCheck,
  verification: BadgeCheck,
  date: CalendarHeart,
  super_like: Sparkles,
  premium: Crown,
  check_in: LifeBuoy,
};

const ago = (iso: string) => {
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.round(minutes / 60)} h ago`;
  return new Date(iso).toLocaleDateString();
};

export default function NotificationsMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery(notificationsQueryOptions);
  const list = data?.notifications ?? [];

  // Opening the menu shows the unread ones highlighted once, then counts them as seen.
  const onOpenChange = (open: boolean) => {
    if (open || !data?.unreadCount) return;
    void markNotificationsRead().then(() => client.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey }));
  };

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <NotificationsButton unread={data?.unreadCount ?? 0} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="menu-content w-[min(92vw,22rem)]">
          <DropdownMenu.Label className="px-2.5 py-2 text-sm font-semibold">Notifications</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {isPending ? (
            <SpinnerBlock className="p-4" />
          ) : isError ? (
            <p role="alert" className="px-2.5 py-4 text-sm text-muted-foreground">
              Could not load your notifications. Please try again.
            </p>
          ) : list.length === 0 ? (
            <p className="flex items-center gap-2 px-2.5 py-4 text-sm text-muted-foreground">
              <BellOff className="size-4" aria-hidden /> No notifications yet.
            </p>
          ) : (
            <div className="max-h-[60dvh] overflow-y-auto">
              {list.map((note) => {
                const Icon = ICONS[note.type];
                return (
                  <DropdownMenu.Item
                    key={note.id}
                    className={cn('menu-item items-start', !note.read && 'bg-primary/5')}
                    onSelect={() => note.link && navigate(note.link)}
                  >
                    <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="font-medium">
                        {note.title}
                        {!note.read && <span className="sr-only"> (unread)</span>}
                      </span>
                      <span className="line-clamp-2 text-muted-foreground">{withLocalTimes(note.message)}</span>
                      <span className="text-xs text-muted-foreground">{ago(note.createdAt)}</span>
                    </span>
                  </DropdownMenu.Item>
                );
              })}
            </div>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
