import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Menu, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';

type Props = ButtonHTMLAttributes<HTMLButtonElement> &
  ({ kind: 'theme' | 'mobile' } | { kind: 'avatar'; email: string });

/** The header's menu triggers. The same buttons serve before and after the menu code loads. */
export const MenuButton = forwardRef<HTMLButtonElement, Props>((props, ref) => {
  if (props.kind === 'avatar') {
    const { kind: _kind, email, ...rest } = props;
    return (
      <button
        ref={ref}
        type="button"
        aria-label="My Account"
        aria-haspopup="menu"
        className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        {...rest}
      >
        {email.charAt(0).toUpperCase() || 'U'}
      </button>
    );
  }
  const { kind, ...rest } = props;
  if (kind === 'mobile') {
    return (
      <Button
        ref={ref}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        {...rest}
      >
        <Menu />
      </Button>
    );
  }
  return (
    <Button ref={ref} variant="ghost" size="icon" aria-label="Toggle theme" aria-haspopup="menu" {...rest}>
      <Sun className="dark:hidden" />
      <Moon className="hidden dark:block" />
    </Button>
  );
});
MenuButton.displayName = 'MenuButton';
