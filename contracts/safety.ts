import { z } from './zod';
import { ZInstant, ZMemberName } from './common';
import type { NudgeKind } from './nudge-kinds';

export { NUDGE_KINDS, type NudgeKind } from './nudge-kinds';

/** The reasons a member can give for a report, in the order the form lists them. */
export const REPORT_REASONS = {
  fake_profile: 'Fake profile',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  scam: 'Scam or spam',
  underage: 'Underage',
  safety: 'Safety concern',
  other: 'Other',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
const reasonKeys = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const REPORT_DETAILS_MAX = 1000;
/** How long an unmatched pair stays reportable from 'Past matches'. */
export const PAST_MATCH_DAYS = 30;
/** How many of the latest messages a report or an unmatch seals for the moderators. */
export const SNAPSHOT_MESSAGES = 20;

export const SAFETY_TEXT = {
  reportTitle: 'Report',
  reportSent: { title: 'Report sent', description: 'Thank you. Our team reviews every report within 24 hours.' },
  reportFailed: 'Failed to send report',
  reasonRequired: 'Please choose a reason',
  detailsTooLong: `Please keep the details under ${REPORT_DETAILS_MAX} characters.`,
  blockConfirm: (name: string) => ({
    title: `Block ${name}?`,
    description: `${name} will no longer see you, and you will no longer see them: not in discovery, matches or messages. They are not told. You can unblock them in Settings.`,
  }),
  blocked: (name: string) => ({
    title: 'Member blocked',
    description: `${name} can no longer see you or message you.`,
  }),
  unblocked: (name: string) => ({ title: 'Member unblocked', description: `${name} can see you again.` }),
  unmatchConfirm: (name: string) => ({
    title: `Unmatch ${name}?`,
    description: `The chat closes for both of you. For ${PAST_MATCH_DAYS} days you can still report ${name} from Past matches in Settings.`,
  }),
  unmatched: 'Unmatched',
  cannotMessage: 'You can no longer message this member.',
  verifiedOnly: 'This member only accepts messages from selfie-verified members. Verify your selfie to write to them.',
  conversationClosed: 'This conversation has ended.',
  nudgeSender: {
    title: 'Are you sure?',
    description:
      'This message looks like it could hurt, pressure or scam someone. Messages like it are often reported.',
    /** For a number, an address or another app: why staying on Vouch until the first date is safer. */
    offPlatform:
      'Sharing a number, an address or another app before you have met takes the conversation away from Reports, Blocks and date verification. Many scams start this way.',
    send: 'Send anyway',
    edit: 'Edit message',
  },
  nudgeRecipient: { question: 'Does this bother you?', report: 'Report', dismiss: "It's fine" },
} as const;

export const ZReportInput = z.object({
  subjectId: z.string().min(1).max(64),
  reason: z.enum(reasonKeys, { error: SAFETY_TEXT.reasonRequired }),
  details: z.string().trim().max(REPORT_DETAILS_MAX, SAFETY_TEXT.detailsTooLong).default(''),
  /** Where it was made; the chat or past match supplies the sealed snapshot. */
  conversationId: z.uuid().optional(),
  pastMatchId: z.uuid().optional(),
  messageId: z.uuid().optional(),
  source: z.enum(['chat', 'past-match', 'profile', 'message']).default('profile'),
  alsoBlock: z.boolean().default(false),
  clientKey: z.string().min(8).max(64),
});
export type TReportInput = z.input<typeof ZReportInput>;

export const CASE_STATUSES = ['open', 'actioned', 'dismissed'] as const;
/**
 * The moderation queues: members' reports, low safety ratings, disputed dates, accounts that look
 * like a reported member back again, and pictures that are the same as another account's.
 */
export const CASE_KINDS = ['report', 'safety_rating', 'date_dispute', 'returning_member', 'reused_photo'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export const CASE_STATUS_LABELS: Record<(typeof CASE_STATUSES)[number], string> = {
  open: 'Open',
  actioned: 'Action taken',
  dismissed: 'Dismissed',
};

export const ZMyReport = z.object({
  id: z.uuid(),
  subject: ZMemberName,
  reason: z.enum(reasonKeys),
  details: z.string(),
  status: z.enum(CASE_STATUSES),
  outcome: z.string().nullable(),
  createdAt: ZInstant,
  resolvedAt: ZInstant.nullable(),
});
export type TMyReport = z.infer<typeof ZMyReport>;

export const ZBlockedMember = ZMemberName.extend({ blockedAt: ZInstant });
export type TBlockedMember = z.infer<typeof ZBlockedMember>;

export const ZPastMatch = z.object({
  id: z.uuid(),
  other: z.object({ userId: z.string(), name: z.string() }),
  matchedAt: ZInstant,
  unmatchedAt: ZInstant,
  expiresAt: ZInstant,
  unmatchedByMe: z.boolean(),
  reported: z.boolean(),
});
export type TPastMatch = z.infer<typeof ZPastMatch>;

export const NOTIFICATION_TYPES = [
  'match',
  'message',
  'review',
  'report_outcome',
  'verification',
  'date',
  'super_like',
  'premium',
  'check_in',
] as const;
export const ZNotification = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: ZInstant,
});
export type TNotification = z.infer<typeof ZNotification>;

/** The reason a report from a flagged message starts with. */
export const NUDGE_REPORT_REASON: Record<NudgeKind, ReportReason> = {
  insult: 'harassment',
  solicitation: 'inappropriate',
  payment: 'scam',
  off_platform: 'scam',
};

export const ZSnapshotMessage = z.object({
  id: z.uuid(),
  senderId: z.string(),
  content: z.string(),
  createdAt: ZInstant,
});
/**
 * The other account of a "reused photo" case: banned (also when it was deleted first), deleted
 * (under a case when it went: only the prints of its pictures are kept) or active.
 */
export const MATCHED_STANDINGS = ['active', 'banned', 'deleted'] as const;

/** A "reused photo" case's evidence: the two pictures side by side (null where one is gone) and how close. */
export const ZPhotoMatch = z.object({
  subjectImageUrl: z.string().nullable(),
  matchedImageUrl: z.string().nullable(),
  matched: z.object({ userId: z.string(), name: z.string(), standing: z.enum(MATCHED_STANDINGS) }),
  /**
   * The account that had the picture first: the matched picture's, or the one it was itself
   * found copying. `uploadedAt` is null when only the account's id is left (deleted in good standing).
   */
  firstSeen: z.object({ userId: z.string(), name: z.string(), uploadedAt: ZInstant.nullable() }),
  /** Bits of the 64-bit hash apart, and the colours' mean distance (ΔE). */
  closeness: z.object({ bits: z.number(), colourDistance: z.number() }),
});
/** A report as the moderation queue shows it, sealed evidence included (admins only). */
export const ZAdminReport = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: z.string(),
  reason: z.string(),
  details: z.string(),
  source: z.string().nullable(),
  /** `deleted`: the subject deleted their account; the case keeps their former id and name. */
  subject: z.object({ userId: z.string(), name: z.string(), deleted: z.boolean() }),
  reporter: z.object({ userId: z.string(), name: z.string() }).nullable(),
  evidence: z.array(ZSnapshotMessage),
  /** False when the stored evidence no longer matches the seal taken when it was filed. */
  evidenceIntact: z.boolean(),
  photoMatch: ZPhotoMatch.nullable(),
  /**
   * A counter-report: the member reported had reported this reporter first. A retaliatory report
   * after a ban is lifted looks like this; the earlier case is named, with its status.
   */
  counterTo: z.object({ caseId: z.uuid(), status: z.enum(CASE_STATUSES), reportedAt: ZInstant }).nullable(),
  /** The member reported had blocked this reporter before the report: the same warning, without a case. */
  blockedByReported: z.boolean(),
  createdAt: ZInstant,
});
export type TAdminReport = z.infer<typeof ZAdminReport>;
export type TPhotoMatch = z.infer<typeof ZPhotoMatch>;

/** The report form as the member fills it in (the rest comes from where it was opened). */
export const ZReportForm = z.object({
  reason: z.enum(reasonKeys, { error: SAFETY_TEXT.reasonRequired }),
  details: z.string().trim().max(REPORT_DETAILS_MAX, SAFETY_TEXT.detailsTooLong),
  alsoBlock: z.boolean(),
});
export type TReportForm = z.infer<typeof ZReportForm>;
