import { PageHeader } from '@/components/page/page-header';
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
      <section aria-labelledby="faq" className="grid gap-3">
        <h2 id="faq" className="text-xl font-semibold">
          Common questions
        </h2>
        {FAQ.map(([question, answer]) => (
          <details key={question} className="rounded-xl border bg-card p-4">
            <summary className="cursor-pointer font-medium">{question}</summary>
            <p className="mt-2 text-sm text-muted-foreground">{answer}</p>
          </details>
        ))}
      </section>
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
