// The plans feature as other features see it: import it from '@/features/plans', never a file inside.
export { BoostButton } from './boost-button';
export { likesReceivedQueryOptions } from './plans-api';
export { UpgradeCard } from './upgrade-card';
