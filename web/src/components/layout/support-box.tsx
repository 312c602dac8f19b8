import { useState } from 'react';
import { LifeBuoy, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** The floating support box on every page. */
export function SupportBox({ raised }: { raised: boolean }) {
  const [open, setOpen] = useState(false);
  // On the phone chat screen the composer sits above the bottom bar: keep clear of it.
  const overComposer = useLocation().pathname === paths.messages;
  const position = overComposer ? 'bottom-36 md:bottom-5' : raised ? 'bottom-20 md:bottom-5' : 'bottom-5';
  return (
    <div className={cn('fixed right-4 z-40 flex flex-col items-end gap-3', position)}>
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
        type="button"
        aria-expanded={open}
        aria-controls="support-box"
        aria-label={open ? 'Close support' : 'Open support'}
        onClick={() => setOpen((value) => !value)}
        className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {open ? <X className="size-5" aria-hidden /> : <LifeBuoy className="size-5" aria-hidden />}
      </button>
    </div>
  );
}
