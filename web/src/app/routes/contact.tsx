import { Mail, MessageCircleQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ContactForm } from '@/features/contact/contact-form';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export function Component() {
  usePageMeta('Contact · Vouch', 'Write to the Vouch team. We reply within 24 hours.');
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[1fr_18rem]">
      <div className="grid content-start gap-6">
        <PageHeader title="Contact">Questions, ideas or a problem: write to us and we reply within 24 hours.</PageHeader>
        <Card>
          <CardContent className="pt-6">
            <ContactForm kind="contact" />
          </CardContent>
        </Card>
      </div>
      <aside className="grid content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <Mail className="size-4 text-primary" aria-hidden /> Email
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            <a className="text-primary hover:underline" href="mailto:support@vouch.example">
              support@vouch.example
            </a>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <MessageCircleQuestion className="size-4 text-primary" aria-hidden /> Quick answers
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm text-muted-foreground">
            <p>Need to report someone? Use Report in the chat or on their profile: it reaches our safety team with the messages.</p>
            <p>
              More in <Link className="text-primary hover:underline" to={paths.support}>Support</Link>.
            </p>
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
