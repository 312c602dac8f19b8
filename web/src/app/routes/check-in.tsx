import { HeartHandshake } from 'lucide-react';
import { LinkPage } from '@/components/page/link-page';
import { answerCheckInByLink } from '@/features/check-ins';
import { usePageMeta } from '@/lib/page-meta';

/** The mailed "I'm OK" button's page: no sign-in needed. */
export function Component() {
  usePageMeta("I'm OK · Vouch");
  return (
    <LinkPage
      icon={HeartHandshake}
      title="Are you OK?"
      intro="Press the button to end your date check-in. If we already emailed your trusted contact, we tell them you are fine."
      action="I'm OK"
      pendingLabel="Checking in..."
      act={async (token) => {
        const { firstName } = await answerCheckInByLink(token);
        return `Thanks, ${firstName}. Glad you are OK: your check-in is over.`;
      }}
    />
  );
}
