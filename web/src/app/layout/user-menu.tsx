import { DropdownMenu } from 'radix-ui';
import { CalendarHeart, LayoutDashboard, LogOut, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { useSignOut } from '@/features/auth/use-sign-out';
import { paths } from '@/lib/paths';
import { MenuButton } from './menu-button';

export default function UserMenu({ email, defaultOpen }: { email: string; defaultOpen: boolean }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <MenuButton kind="avatar" email={email} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="menu-content">
          <DropdownMenu.Label className="px-2.5 py-2 text-sm font-semibold">
            My Account
            <span className="block truncate text-xs font-normal text-muted-foreground">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className="menu-item">
            <Link to={paths.dashboard}>
              <LayoutDashboard className="size-4" aria-hidden /> Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu-item">
            <Link to={paths.messages}>
              <MessageCircle className="size-4" aria-hidden /> Messages
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu-item">
            <Link to={paths.calendar}>
              <CalendarHeart className="size-4" aria-hidden /> Date Calendar
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className="menu-item" onSelect={() => void signOut()}>
            <LogOut className="size-4" aria-hidden /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
