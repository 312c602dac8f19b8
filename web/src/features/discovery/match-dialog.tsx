import { lazy, Suspense } from 'react';
import type { Match } from './match-modal';

// Most visits end without a new match: the dialog's code (and the dialog library's) loads with
// the first one instead of with every page that can make one.
const MatchModal = lazy(() => import('./match-modal'));

/** "It's a match!" over the page, while `match` is set. */
export function MatchDialog({ match, onClose }: { match: Match | null; onClose: () => void }) {
  if (!match) return null;
  return (
    <Suspense fallback={null}>
      <MatchModal match={match} onClose={onClose} />
    </Suspense>
  );
}
