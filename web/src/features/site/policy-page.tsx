import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { POLICY } from '@contracts/policy';
import { PageHeader } from '@/components/page/page-header';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { WithAdSidebar } from '@/features/ads';
import { useSiteSettings } from '@/lib/site-settings';

export type PolicySection = { heading: string; body: ReactNode };

const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A legal or policy page: title, when it was last updated, a contents list that jumps to each
 * section, and the sections. Readable at phone width; headings are real headings for screen readers.
 */
export function PolicyPage({
  title,
  description,
  intro,
  sections,
  ads = true,
}: {
  title: string;
  description: string;
  intro: ReactNode;
  sections: PolicySection[];
  ads?: boolean;
}) {
  usePageMeta(`${title} · Vouch`, description);
  const site = useSiteSettings();
  const page = (
    <article className="mx-auto grid max-w-3xl gap-8 px-4 py-10">
      <div>
        <PageHeader title={title}>{intro}</PageHeader>
        <p className="-mt-4 text-sm text-muted-foreground">Last updated {POLICY.lastUpdated}</p>
      </div>
      <nav aria-label="On this page" className="rounded-2xl border bg-card p-4">
        <p className="mb-2 text-sm font-semibold">On this page</p>
        <ol className="grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.heading}>
              <a href={`#${anchor(section.heading)}`} className="text-primary underline-offset-4 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section
          key={section.heading}
          id={anchor(section.heading)}
          aria-labelledby={`${anchor(section.heading)}-h`}
          className="grid scroll-mt-20 gap-3"
        >
          <h2 id={`${anchor(section.heading)}-h`} className="text-xl font-semibold">
            {section.heading}
          </h2>
          <div className="grid gap-3 leading-relaxed text-muted-foreground [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground">
            {section.body}
          </div>
        </section>
      ))}
      <p className="border-t pt-6 text-sm text-muted-foreground">
        Questions about this page?{' '}
        {site?.supportEmail && (
          <>
            Write to{' '}
            <a href={`mailto:${site.supportEmail}`} className="text-primary hover:underline">
              {site.supportEmail}
            </a>{' '}
            or use{' '}
          </>
        )}
        {!site?.supportEmail && 'Use '}
        the{' '}
        <Link to={paths.contact} className="text-primary hover:underline">
          contact form
        </Link>
        . We reply within {POLICY.contactRepliesWithinHours} hours.
      </p>
    </article>
  );
  // The sidebar ad on wide screens, except beside the rules of safety (`ads={false}`).
  return ads ? <WithAdSidebar>{page}</WithAdSidebar> : page;
}
