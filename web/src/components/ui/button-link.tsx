import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './button';

/** An in-app link that looks like a button, with its icon before the label. */
export function ButtonLink({
  to,
  icon: Icon,
  variant,
  children,
}: {
  to: string;
  icon: LucideIcon;
  variant?: ButtonProps['variant'];
  children: ReactNode;
}) {
  return (
    <Button variant={variant} asChild>
      <Link to={to}>
        <Icon aria-hidden /> {children}
      </Link>
    </Button>
  );
}
