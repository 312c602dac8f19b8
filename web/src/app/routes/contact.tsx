import { Mail, MessageCircleQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { FaqList, PageHeader, TitledSection } from '@/components/page/page-header';
import { Card, CardContent, CardHeader, CardIconTitle } from '@/components/ui/card';
import { ContactForm } from '@/features/contact/contact-form';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { FAQ } from '@/features/site/faq';
import { useSiteSettings } from '@/lib/site-settings';

export function Component() {
  usePageMeta('Contact · Vouch', 'Write to the Vouch team. We reply within 24 hours.');
  const site = useSiteSettings();
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[1fr_20rem]">
      <div className="grid content-start gap-6">
        <PageHeader title="Contact">
          Questions, ideas or a problem: write to us and we reply within 24 hours.
        </PageHeader>
        <Card>
          <CardContent className="pt-6">
            <ContactForm kind="contact" />
          </CardContent>
        </Card>
      </div>
      <aside className="grid content-start gap-4">
        {site?.supportEmail && (
          <Card>
            <CardHeader>
              <CardIconTitle icon={Mail} size="sm">
                Email
              </CardIconTitle>
            </CardHeader>
            <CardContent className="text-sm">
              <a className="text-primary hover:underline" href={`mailto:${site.supportEmail}`}>
                {site.supportEmail}
              </a>
            </CardContent>
          </Card>
        )}
        <TitledSection
          id="contact-faq"
          icon={MessageCircleQuestion}
          title="Common questions"
          className="grid gap-2"
          headingClassName="text-base font-semibold"
        >
          <FaqList items={FAQ} compact />
          <p className="text-sm text-muted-foreground">
            Need to report someone? Use Report in the chat or on their profile: it reaches our safety team with the
            messages. More in{' '}
            <Link className="text-primary underline underline-offset-4" to={paths.support}>
              Support
            </Link>
            .
          </p>
        </TitledSection>
      </aside>
    </div>
  );
}
