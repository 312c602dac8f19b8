import { useEffect, useRef, useState } from 'react';
import { LifeBuoy, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { hasOwnHelpButton, setSupportOpen, showsBottomBar, useSupportOpen } from './support-store';

/** A text field has the focus (on a phone, the keyboard is up and the field is what matters). */
function useTyping(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const isField = (target: EventTarget | null) =>
      target instanceof HTMLElement && target.matches('input, textarea, select, [contenteditable="true"]');
    const focusIn = (event: FocusEvent) => setTyping(isField(event.target));
    const focusOut = () => setTyping(false);
    document.addEventListener('focusin', focusIn);
    document.addEventListener('focusout', focusOut);
    return () => {
      document.removeEventListener('focusin', focusIn);
      document.removeEventListener('focusout', focusOut);
    };
  }, []);
  return typing;
}

/** Closes an open popover on Escape (focus back on its button) and on a press anywhere outside it. */
function useDismiss(
  open: boolean,
  close: () => void,
  box: React.RefObject<HTMLElement | null>,
  button: React.RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPress = (event: PointerEvent) => {
      const target = event.target as Element;
      // The other buttons that open it (the bottom bar's Help, the admin header's) toggle it themselves.
      if (!box.current?.contains(target) && !target.closest?.('[aria-controls="support-box"]')) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open, close, box, button]);
}

const closeSupport = () => setSupportOpen(false);

/**
 * The floating support box on every page. On phones with the members' bottom bar, the bar's
 * Help item opens it, and in the admin area the header's Help button: the floating button stays
 * out of the way of the page. Elsewhere on phones it steps aside while a form field has the focus.
 */
export function SupportBox({ signedIn }: { signedIn: boolean }) {
  const open = useSupportOpen();
  const setOpen = (next: boolean | ((value: boolean) => boolean)) =>
    setSupportOpen(typeof next === 'function' ? next(open) : next);
  const { pathname } = useLocation();
  const typing = useTyping();
  const bottomBar = showsBottomBar(signedIn, pathname);
  const ownHelp = hasOwnHelpButton(signedIn, pathname);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, closeSupport, container, button);
  return (
    <div
      ref={container}
      className={cn(
        'fixed right-4 z-40 flex flex-col items-end gap-3',
        bottomBar ? 'bottom-20 md:bottom-5' : 'bottom-5',
      )}
    >
      {open && (
        <section
          id="support-box"
          aria-label="Support"
          className="w-72 rounded-2xl border bg-card p-4 text-card-foreground shadow-xl"
        >
          <h2 className="font-semibold">Need help?</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Our safety team answers within 24 hours. If you are in danger, call your local emergency number first.
          </p>
          <ul className="mt-3 grid gap-1 text-sm">
            <li>
              <Link className="text-primary hover:underline" to={paths.contact} onClick={() => setOpen(false)}>
                Contact us
              </Link>
            </li>
            <li>
              <Link className="text-primary hover:underline" to={paths.support} onClick={() => setOpen(false)}>
                Common questions
              </Link>
            </li>
            <li>
              <Link className="text-primary hover:underline" to={paths.safetyCommitment} onClick={() => setOpen(false)}>
                How to report someone
              </Link>
            </li>
          </ul>
        </section>
      )}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="support-box"
        aria-label={open ? 'Close support' : 'Open support'}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
          ownHelp || (typing && !open) ? 'hidden md:flex' : 'flex',
        )}
      >
        {open ? <X className="size-5" aria-hidden /> : <LifeBuoy className="size-5" aria-hidden />}
      </button>
    </div>
  );
}
