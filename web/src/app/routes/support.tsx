import { PageHeader } from '@/components/page/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ContactForm } from '@/features/contact/contact-form';
import { usePageMeta } from '@/lib/page-meta';

const QUESTIONS = [
  ['How do I get verified?', 'Open Settings, choose Verify with a selfie, and take a selfie in the pose we show you. Our team reviews it, usually within a day.'],
  ['How do ratings work?', 'After a date, one of you uploads a photo of the two of you and the other confirms it. Then you can both rate the date. Ratings stay hidden until both have rated, or for 14 days.'],
  ['Someone made me uncomfortable. What do I do?', 'Use Report in the chat or on their profile. You can block them at the same time. We review every report within 24 hours.'],
  ['Can I stop someone from seeing me?', 'Yes. Block them from the chat or their profile: you both disappear from each other everywhere. Unblock them in Settings whenever you like.'],
  ['How do I cancel Premium?', 'Premium ends when it expires and is not renewed. See the Cancellation Policy for refunds.'],
] as const;

export function Component() {
  usePageMeta('Support · Vouch', 'Answers to common questions, and a way to reach the Vouch team.');
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10">
      <PageHeader title="Support">Answers to common questions, and a way to reach us. Premium members' requests are answered first.</PageHeader>
      <section aria-labelledby="faq" className="grid gap-3">
        <h2 id="faq" className="text-xl font-semibold">Common questions</h2>
        {QUESTIONS.map(([question, answer]) => (
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
