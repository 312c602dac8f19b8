// The trust feature as other features see it: import it from '@/features/trust', never a file inside.
export { DateBar } from './date-bar';
export { rejectionText, SelfieCard } from './selfie-card';
export { refreshDateQueries, refreshDatesAfterReconnect } from './trust-api';
export { DateRatingDisplay, ratedDates, ReputationSummary, TrustBadges, TrustScore } from './trust-display';
