import { CalendarHeart, Compass, Home, LifeBuoy, MessageCircle, User } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { setSupportOpen, showsBottomBar, useSupportOpen } from './support-store';
import { cn } from '@/lib/utils';
import { paths } from '@/lib/paths';

const ITEMS = [
  { to: paths.dashboard, label: 'Home', icon: Home },
  { to: paths.discover, label: 'Discover', icon: Compass },
  { to: paths.messages, label: 'Messages', icon: MessageCircle },
  { to: paths.calendar, label: 'Calendar', icon: CalendarHeart },
  { to: paths.profileEdit, label: 'Profile', icon: User },
];

const itemClass = 'flex w-full flex-col items-center gap-0.5 py-2 text-[11px] font-medium';

/**
 * Members' navigation on screens under 768 px, outside the admin area. Its last item opens the
 * support box, which on these screens would otherwise float over the page.
 */
export function BottomNav() {
  const { pathname } = useLocation();
  const supportOpen = useSupportOpen();
  if (!showsBottomBar(true, pathname)) return null;
  return (
    <nav
      aria-label="Mobile navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-6">
        {ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) => cn(itemClass, isActive ? 'text-primary' : 'text-muted-foreground')}
            >
              <Icon className="size-5" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-expanded={supportOpen}
            aria-controls="support-box"
            onClick={() => setSupportOpen(!supportOpen)}
            className={cn(itemClass, supportOpen ? 'text-primary' : 'text-muted-foreground')}
          >
            <LifeBuoy className="size-5" aria-hidden />
            Help
          </button>
        </li>
      </ul>
    </nav>
  );
}
