import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { BrandMark } from '@/components/ui/brand';
import { useSiteSettings } from '@/lib/site-settings';

const MAIN_LINKS = [
  { to: paths.aboutUs, label: 'About Us' },
  { to: paths.features, label: 'Features' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.safetyCommitment, label: 'Safety Commitment' },
  { to: paths.communityGuidelines, label: 'Community Guidelines' },
  { to: paths.support, label: 'Support' },
];
const LEGAL_LINKS = [
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.cookiePolicy, label: 'Cookie Policy' },
  { to: paths.dataProtection, label: 'Data Protection' },
  { to: paths.cancellationPolicy, label: 'Cancellation Policy' },
];
const SOCIAL = [
  {
    key: 'instagram',
    label: 'Instagram',
    path: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM21 7.6c-.1-1.6-.4-3-1.6-4.1S16.9 2 15.4 2H8.6c-1.6 0-3 .4-4.1 1.5S3 6 3 7.6v8.8c.1 1.6.4 3 1.6 4.1S7.1 22 8.6 22h6.8c1.6-.1 3-.4 4.1-1.5s1.4-2.5 1.5-4.1V7.6z',
  },
  {
    key: 'x',
    label: 'X',
    path: 'M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z',
  },
  {
    key: 'facebook',
    label: 'Facebook',
    path: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.9c0-.6.4-.9 1-.9z',
  },
] as const;

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      <ul className="grid gap-2 text-sm text-muted-foreground">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-foreground">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const site = useSiteSettings();
  const social = SOCIAL.flatMap((item) => {
    const href = site?.social[item.key];
    return href ? [{ ...item, href }] : [];
  });
  return (
    <footer className="border-t bg-muted/40 pb-20 md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 md:grid-cols-3">
        <div className="grid content-start gap-3">
          <div className="flex items-center gap-2 text-lg font-bold">
            <BrandMark className="size-7" /> Vouch
          </div>
          <p className="text-sm text-muted-foreground">The dating app that prioritizes safety and respect.</p>
          {/* The owner's own address and accounts, where set (SUPPORT_EMAIL, SOCIAL_*_URL). */}
          <p className="text-sm text-muted-foreground">
            {site?.supportEmail ? (
              <a href={`mailto:${site.supportEmail}`} className="hover:text-foreground">
                {site.supportEmail}
              </a>
            ) : (
              <Link to={paths.contact} className="hover:text-foreground">
                Contact us
              </Link>
            )}
          </p>
          {social.length > 0 && (
            <ul className="flex gap-2" aria-label="Social links">
              {social.map((item) => (
                <li key={item.label}>
                  <a
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={item.label}
                    className="flex size-9 items-center justify-center rounded-full border bg-background hover:text-primary"
                  >
                    <svg viewBox="0 0 24 24" className="size-4 fill-current" aria-hidden>
                      <path d={item.path} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <LinkColumn title="Main" links={MAIN_LINKS} />
        <LinkColumn title="Legal" links={LEGAL_LINKS} />
      </div>
      <div className="border-t">
        {/* The prerendered landing page carries its build's year: over New Year, the HTML's year
            may differ from the browser's, which is not worth throwing the page away for. */}
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-muted-foreground" suppressHydrationWarning>
          © {new Date().getFullYear()} Vouch. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
