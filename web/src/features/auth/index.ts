// The auth feature as other features see it: import it from '@/features/auth', never a file inside.
export { untypedCall } from './auth-api';
