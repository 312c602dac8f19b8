import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { EllipsisVertical } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { deferredMenu } from '@/components/ui/deferred-menu';
import { cn } from '@/lib/utils';

export type SafetyMenuProps = {
  member: { userId: string; name: string };
  /** Set in a chat: the report seals its last messages. */
  conversationId?: string;
  /** Set for a match: offers Unmatch. */
  matchId?: string;
  className?: string;
  /** Called after a block or an unmatch took effect. */
  onEnded?: () => void;
};

export const SafetyMenuTrigger = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { name: string }
>(({ name, className, ...props }, ref) => (
  <Button
    ref={ref}
    variant="ghost"
    size="icon"
    className={cn('shrink-0', className)}
    aria-label={`Safety options for ${name}`}
    {...props}
  >
    <EllipsisVertical />
  </Button>
));
SafetyMenuTrigger.displayName = 'SafetyMenuTrigger';

// Every card carries this menu, but few are opened: the menu, its questions and the report
// form (with its schema library) load on first use, not with the page.
const DeferredSafetyMenu = deferredMenu<SafetyMenuProps>(() => import('./safety-menu-content'));

/** Report, block and (for a match) unmatch, each behind a question. Never behind Premium. */
export function SafetyMenu(props: SafetyMenuProps) {
  return (
    <DeferredSafetyMenu
      {...props}
      trigger={(handlers) => <SafetyMenuTrigger name={props.member.name} className={props.className} {...handlers} />}
    />
  );
}
