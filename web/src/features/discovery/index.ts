// The discovery feature as other features see it: import it from '@/features/discovery', never a file inside.
export { matchesQueryOptions } from './discovery-api';
export { LikedYou } from './liked-you';
export { MatchesGrid } from './matches-grid';
