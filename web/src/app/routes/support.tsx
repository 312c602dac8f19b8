import { FaqList, PageHeader, TitledSection } from '@/components/page/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ContactForm } from '@/features/contact/contact-form';
import { usePageMeta } from '@/lib/page-meta';
import { FAQ } from '@/features/site/faq';

export function Component() {
  usePageMeta('Support · Vouch', 'Answers to common questions, and a way to reach the Vouch team.');
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10">
      <PageHeader title="Support">
        Answers to common questions, and a way to reach us. Premium members' requests are answered first.
      </PageHeader>
      <TitledSection id="faq" title="Common questions" className="grid gap-3" headingClassName="text-xl font-semibold">
        <FaqList items={FAQ} />
      </TitledSection>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Still need help?</CardTitle>
        </CardHeader>
        <CardContent>
          <ContactForm kind="support" />
        </CardContent>
      </Card>
    </div>
  );
}
