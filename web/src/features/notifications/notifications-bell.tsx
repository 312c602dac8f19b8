import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { deferredMenu } from '@/components/ui/deferred-menu';
import { useFallbackInterval } from '@/lib/realtime-status';
import { notificationsQueryOptions } from './notifications-api';

/** The bell in the header, with the unread count; its menu loads on first use. */
export const NotificationsButton = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { unread: number }
>(({ unread, ...props }, ref) => (
  <Button
    ref={ref}
    variant="ghost"
    size="icon"
    className="relative"
    aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
    aria-haspopup="menu"
    {...props}
  >
    <Bell />
    {unread > 0 && (
      <span
        aria-hidden
        className="absolute right-1 top-1 flex min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-bold leading-4 text-primary-foreground"
      >
        {unread > 99 ? '99+' : unread}
      </span>
    )}
  </Button>
));
NotificationsButton.displayName = 'NotificationsButton';

const NotificationsMenu = deferredMenu(() => import('./notifications-menu'));

export function NotificationsBell() {
  // Pushed over the realtime socket; polling is only the fallback while it is down.
  const { data } = useQuery({ ...notificationsQueryOptions, refetchInterval: useFallbackInterval(60_000) });
  const unread = data?.unreadCount ?? 0;
  return <NotificationsMenu trigger={(handlers) => <NotificationsButton unread={unread} {...handlers} />} />;
}
