// The notifications feature as other features see it: import it from '@/features/notifications', never a file inside.
export { notificationsQueryOptions } from './notifications-api';
