import { CalendarHeart, Compass, Home, MessageCircle, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { paths } from '@/lib/paths';

const ITEMS = [
  { to: paths.dashboard, label: 'Home', icon: Home },
  { to: paths.discover, label: 'Discover', icon: Compass },
  { to: paths.messages, label: 'Messages', icon: MessageCircle },
  { to: paths.calendar, label: 'Calendar', icon: CalendarHeart },
  { to: paths.profileEdit, label: 'Profile', icon: User },
];

/** Members' navigation on screens under 768 px. */
export function BottomNav() {
  return (
    <nav
      aria-label="Mobile navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn('flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium', isActive ? 'text-primary' : 'text-muted-foreground')
              }
            >
              <Icon className="size-5" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
