import { LifeBuoy } from 'lucide-react';
import { LinkPage } from '@/components/page/link-page';
import { confirmContact } from '@/features/check-ins';
import { usePageMeta } from '@/lib/page-meta';

/** A trusted contact confirms from their invitation (they have no account). */
export function Component() {
  usePageMeta('Trusted contact · Vouch');
  return (
    <LinkPage
      icon={LifeBuoy}
      title="Be a trusted contact"
      intro="If your friend misses a check-in during a date, we email you who they are meeting, where and when. We never email you about anything else."
      action="Yes, I will be their contact"
      pendingLabel="Confirming..."
      act={async (token) => {
        const { firstName } = await confirmContact(token);
        return `Thank you. You are now ${firstName}'s trusted contact.`;
      }}
    />
  );
}
