/** The numbers the policy pages promise; the pages read them from here. */
export const POLICY = {
  lastUpdated: 'May 16, 2025',
  coolingOffMonthlyHours: 48,
  dataDeletedWithinDays: 30,
  reportsHandledWithinHours: 24,
  termsNoticeDays: 30,
  contactRepliesWithinHours: 24,
} as const;
