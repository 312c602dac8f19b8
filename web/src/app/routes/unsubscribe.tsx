import { MailX } from 'lucide-react';
import { LinkPage } from '@/components/page/link-page';
import { unsubscribeByLink } from '@/features/reminders';
import { usePageMeta } from '@/lib/page-meta';

/** A reminder mail's "stop these emails" link: no sign-in needed. */
export function Component() {
  usePageMeta('Unsubscribe · Vouch');
  return (
    <LinkPage
      icon={MailX}
      title="Stop these emails"
      intro="Press the button and we stop sending you this kind of email. You can turn it back on in Settings."
      action="Unsubscribe"
      pendingLabel="Unsubscribing..."
      act={async (token) => {
        const { label } = await unsubscribeByLink(token);
        return `Done: no more emails about ${label.toLowerCase()}. Change this any time in Settings, under Email while you are away.`;
      }}
    />
  );
}
