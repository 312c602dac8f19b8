// The ads feature as other features see it: import it from '@/features/ads', never a file inside.
export { WithAdSidebar } from './ad-slot';
