import { MatchesGrid } from '@/features/discovery/matches-grid';
import { LikedYou } from '@/features/plans/liked-you';

/** The dashboard's Matches tab: who liked the member (Premium), then their matches. */
export default function MatchesTab() {
  return (
    <>
      <LikedYou />
      <MatchesGrid />
    </>
  );
}
