import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSignOut } from '@/features/auth/use-sign-out';
import { paths } from '@/lib/paths';
import { Brand } from '@/components/ui/brand';
import { MenuButton } from './menu-button';
import { ThemeSwitch } from './theme-switch';

export default function MobileMenu({ signedIn, defaultOpen }: { signedIn: boolean; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const signOut = useSignOut();
  const links = [
    { to: paths.pricing, label: 'Pricing' },
    ...(signedIn
      ? [
          { to: paths.dashboard, label: 'Dashboard' },
          { to: paths.messages, label: 'Messages' },
        ]
      : []),
    ...(signedIn
      ? []
      : [
          { to: paths.login, label: 'Login' },
          { to: paths.register, label: 'Register' },
        ]),
    { to: paths.adminLogin, label: 'Admin Login' },
  ];
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <MenuButton kind="mobile" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 border-l bg-background p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <Brand />
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <nav className="grid gap-1" aria-label="Mobile">
            {links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                onClick={() => setOpen(false)}
                className="rounded-lg px-3 py-2.5 font-medium hover:bg-accent"
              >
                {link.label}
              </Link>
            ))}
            {signedIn && (
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  void signOut();
                }}
                className="rounded-lg px-3 py-2.5 text-left font-medium hover:bg-accent"
              >
                Log out
              </button>
            )}
          </nav>
          <div className="mt-auto grid gap-2">
            <p className="text-sm font-medium text-muted-foreground">Theme</p>
            <ThemeSwitch />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
