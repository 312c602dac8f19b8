import { BottomNav } from '@/app/layout/bottom-nav';
import { MatchAnnouncer } from '@/features/discovery/match-announcer';
import { RealtimeProvider } from '@/features/realtime/realtime-provider';

/**
 * What only a signed-in member's pages carry: the bottom navigation, the match announcer and the
 * realtime socket. Its own chunk, so visitors on the landing and login pages never download it.
 */
export function MemberShell({ userId }: { userId: string }) {
  return (
    <>
      <BottomNav />
      <MatchAnnouncer />
      <RealtimeProvider userId={userId} />
    </>
  );
}
