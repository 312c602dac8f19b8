// The account feature as other features see it: import it from '@/features/account', never a file inside.
export { accountApi } from './account-api';
export { CodeField } from './code-field';
export { MfaCard } from './mfa-card';
export { useCodeEntry } from './use-code-entry';
