// The reminders feature as other features see it: import it from '@/features/reminders', never a file inside.
export { ReminderSettingsSection } from './reminder-settings-section';
export { setMailStopped, unsubscribeByLink } from './reminders-api';
export { useReportTimeZone } from './use-report-time-zone';
