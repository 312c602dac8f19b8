import { LikedYou, MatchesGrid } from '@/features/discovery';

/** The dashboard's Matches tab: the member's matches first, then who liked them (a compact strip). */
export default function MatchesTab() {
  return (
    <div className="grid gap-10">
      <MatchesGrid />
      <LikedYou />
    </div>
  );
}
