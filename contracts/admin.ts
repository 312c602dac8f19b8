import { z } from './zod';
import { ZAccountHolder, ZInstant, ZMemberName } from './common';

/**
 * What a warned member is told. The note an administrator writes when deciding a case is for the
 * reporter ("Thank you for reporting…"); the member the case was about gets this standard text,
 * which names no reporter and quotes nothing of the report.
 */
export const STANDARD_WARNING = {
  title: 'A warning from the safety team',
  message:
    'We reviewed a report about your behaviour on Vouch and found that it broke our Community Guidelines. Please read them again: another breach can lead to a suspension or a permanent ban.',
} as const;

/**
 * What a reporter is told of a decision, whatever the moderator wrote: the internal note is for
 * the moderators alone (a frank note once reached the member it was about).
 */
export const REPORT_OUTCOMES = {
  dismiss: {
    title: 'No action taken',
    message:
      'We reviewed your report and did not find a breach of our Community Guidelines. If anything else happens, report it again, and you can always block them.',
  },
  warn: {
    title: 'The member was warned',
    message: 'We reviewed your report and warned the member. Thank you for helping keep Vouch safe.',
  },
  suspend: {
    title: 'The member was suspended',
    message:
      'We reviewed your report and suspended the member. They cannot see you or write to you, now or when the suspension ends.',
  },
  ban: {
    title: 'The member was banned',
    message:
      'We reviewed your report and banned the member. They cannot see you or write to you, even if the ban is ever lifted.',
  },
} as const;

export const ADMIN_TEXT = {
  accessDenied: {
    title: 'Access Denied',
    description: 'Invalid admin credentials. Please check your email and password.',
  },
  loginError: { title: 'Login Error', description: 'There was an error during login. Please try again.' },
  loginSuccess: { title: 'Admin Login Successful', description: 'Welcome to the admin dashboard!' },
  statsError: { title: 'Error loading stats', description: 'Failed to load dashboard statistics' },
  profilesError: { title: 'Error loading profiles', description: 'Please try again later' },
  verifyFailed: { title: 'Update failed', description: 'Failed to update user verification status' },
  verified: (on: boolean) => ({
    title: on ? 'User verified' : 'User unverified',
    description: 'Profile verification status updated',
  }),
  blocked: (on: boolean) => ({
    title: on ? 'User blocked' : 'User unblocked',
    description: `User has been ${on ? 'blocked' : 'unblocked'} successfully.`,
  }),
  photosRemoved: { title: 'Content removed', description: "User's photos have been removed." },
  subscriptionsError: {
    title: 'Error Loading Subscriptions',
    description: 'Failed to load subscriptions. Please check your admin permissions.',
  },
  auditFailed: 'Failed to complete security audit',
  noUsers: {
    search: 'No users found',
    searchHint: 'Try adjusting your search terms.',
    none: 'No users are registered yet.',
  },
} as const;

/** Monthly price of Premium, for the revenue card (active premium members × price). */
export { PREMIUM_MONTHLY_PRICE } from './plans';

export const ZAdminSignIn = z.object({
  email: z.email({ error: 'Please enter a valid email address' }),
  password: z.string().min(1, 'Password is required'),
});

export const ZAdminStats = z.object({
  totalUsers: z.number(),
  newToday: z.number(),
  premiumMembers: z.number(),
  monthlyRevenue: z.number(),
  messages: z.number(),
  matches: z.number(),
  verifiedProfiles: z.number(),
  ratings: z.number(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZAdminUser = ZAccountHolder.extend({
  photoUrl: z.string().nullable(),
  photoCount: z.number(),
  createdAt: ZInstant,
  selfieVerified: z.boolean(),
  avgRating: z.number().nullable(),
  reviewCount: z.number(),
  age: z.number().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  country: z.string().nullable(),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  banExpires: ZInstant.nullable(),
  isAdmin: z.boolean(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const CASE_DECISIONS = ['dismiss', 'warn', 'suspend', 'ban'] as const;
export const ZCaseDecision = z
  .object({
    decision: z.enum(CASE_DECISIONS),
    note: z.string().trim().min(3, 'Write an internal note: what you found and why').max(500),
    suspendDays: z.number().int().min(1).max(365).optional(),
  })
  .refine((v) => v.decision !== 'suspend' || v.suspendDays, { message: 'How many days?', path: ['suspendDays'] });
export type TCaseDecision = z.infer<typeof ZCaseDecision>;

export const ZSecurityEvent = z.object({
  id: z.uuid(),
  eventType: z.string(),
  severity: z.enum(['info', 'warning', 'high']),
  actorId: z.string().nullable(),
  /** Who acted (an administrator, or the member themselves), by name. */
  actor: ZMemberName.nullable(),
  /** The member the event is about, by name (null once the account is deleted, or for none). */
  subject: ZMemberName.nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: ZInstant,
});
export type TSecurityEvent = z.infer<typeof ZSecurityEvent>;

export const ZAuditFinding = z.object({
  check: z.string(),
  severity: z.enum(['info', 'warning', 'high']),
  description: z.string(),
  recommendation: z.string(),
});
export const ZAuditResult = z.object({ ranAt: ZInstant, issues: z.array(ZAuditFinding), checks: z.number() });
export type TAuditResult = z.infer<typeof ZAuditResult>;

/** The fixed platform suggestions on the Reports tab. */
export const PLATFORM_SUGGESTIONS = [
  {
    title: 'User Verification',
    priority: 'high',
    text: 'Encourage every member to verify with a selfie; verified members get more matches.',
  },
  { title: 'Content Moderation', priority: 'medium', text: 'Review open reports and safety flags within 24 hours.' },
  {
    title: 'User Engagement',
    priority: 'low',
    text: 'Send push notifications to members inactive for 7 or more days.',
  },
] as const;

export const AD_PLACEMENTS = ['home_header', 'home_bottom', 'sidebar', 'dashboard'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
export const CAMPAIGN_TEXT = {
  created: 'Campaign created',
  createFailed: { title: 'Error', description: 'Failed to create campaign.' },
  updated: 'Campaign updated',
  deleted: 'Campaign deleted',
  empty: 'No campaigns yet',
} as const;
export const ZCampaignFields = z.object({
  name: z.string().trim().min(2, 'Give the campaign a name').max(80),
  targetUrl: z.url({ protocol: /^https?$/, error: 'Enter a full web address (https://...)' }).max(500),
  placement: z.enum(AD_PLACEMENTS).default('home_header'),
});
export const ZCampaign = z.object({
  id: z.uuid(),
  name: z.string(),
  imageUrl: z.string(),
  targetUrl: z.string(),
  placement: z.enum(AD_PLACEMENTS),
  active: z.boolean(),
  impressions: z.number(),
  clicks: z.number(),
  createdAt: ZInstant,
});
export type TCampaign = z.infer<typeof ZCampaign>;
/** Click-through rate in percent, two decimals. */
export const clickThroughRate = (c: { impressions: number; clicks: number }) =>
  c.impressions === 0 ? '0.00' : ((c.clicks / c.impressions) * 100).toFixed(2);
/** What a visitor's ad slot gets: no counters, no target (the click goes through the server). */
export const ZPublicAd = z.object({ id: z.uuid(), name: z.string(), imageUrl: z.string(), clickUrl: z.string() });
export type TPublicAd = z.infer<typeof ZPublicAd>;

export const ZAdminSubscription = ZAccountHolder.extend({
  id: z.uuid(),
  tier: z.enum(['free', 'premium']),
  active: z.boolean(),
  expiresAt: ZInstant.nullable(),
  cancelledAt: ZInstant.nullable(),
  createdAt: ZInstant,
});
export type TAdminSubscription = z.infer<typeof ZAdminSubscription>;
/** A member who pressed Go Premium and is not paid up yet: the admin matches the payment by reference. */
export const ZPendingPayment = ZAccountHolder.extend({
  reference: z.string(),
  amount: z.number(),
  attemptedAt: ZInstant,
});
export type TPendingPayment = z.infer<typeof ZPendingPayment>;
/** Payment received: Premium for this many months from now (or from the current expiry). */
export const ZActivatePremium = z.object({
  userId: z.string().min(1).max(64),
  months: z.number().int().min(1).max(12).default(1),
});
export const ZSubscriptionEdit = z.object({
  tier: z.enum(['free', 'premium']),
  active: z.boolean(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});

export const CONTACT_TEXT = {
  sent: { title: 'Message sent', description: "We've received your message and will get back to you shortly." },
  failed: { title: 'Error', description: 'There was a problem sending your message. Please try again.' },
} as const;
export const ZContactMessage = z.object({
  kind: z.enum(['contact', 'support']).default('contact'),
  name: z.string().trim().min(1, 'Please enter your name').max(100),
  email: z.email({ error: 'Please enter a valid email address.' }).max(200),
  subject: z.string().trim().min(1, 'Please enter a subject').max(200),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message')
    .max(5000, 'Please keep the message under 5,000 characters.'),
});
export type TContactMessage = z.input<typeof ZContactMessage>;
export const ZInboxMessage = z.object({
  id: z.uuid(),
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  userId: z.string().nullable(),
  priority: z.boolean(),
  handled: z.boolean(),
  createdAt: ZInstant,
});
export type TInboxMessage = z.infer<typeof ZInboxMessage>;
