// The check-ins feature as other features see it: import it from '@/features/check-ins', never a file inside.
export { CheckInPanel, DetachedCheckIns } from './check-in-panel';
export { TrustedContactSection } from './trusted-contact-section';
export { answerCheckInByLink, confirmContact } from './check-ins-api';
