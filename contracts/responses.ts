import { z } from './zod';
import { ZInstant } from './common';
import { ZAccountEvent, ZActiveSession } from './account';
import {
  ZAdminSubscription,
  ZAdminUser,
  ZAuditResult,
  ZCampaign,
  ZInboxMessage,
  ZPendingPayment,
  ZPublicAd,
  ZSecurityEvent,
} from './admin';
import { ZMeResponse } from './auth';
import { ZMatch } from './discovery';
import { ZConversation, ZMessage } from './messages-api';
import { ZAdminReport, ZBlockedMember, ZMyReport, ZNotification, ZPastMatch } from './safety';
import { ZAdminSelfie, ZDateHistoryEntry, ZDatePlan } from './trust';

/**
 * The answers of our API that wrap the shapes declared in the other contract files: lists,
 * counts and acknowledgements. The routes declare these, and the typed clients read them from
 * the routes, so each answer's shape is written here once.
 */

/** An acknowledgement with nothing more to say. */
export const ZOk = z.object({ ok: z.literal(true) });
/** How many items a call marked read. */
export const ZMarked = z.object({ marked: z.number() });
/** How many sessions or links a call ended. */
export const ZRevoked = z.object({ revoked: z.number() });

export const ZSession = z.object({ me: ZMeResponse.nullable() });

export const ZSessionList = z.object({ sessions: z.array(ZActiveSession) });
export const ZAccountEventList = z.object({ events: z.array(ZAccountEvent) });
export const ZAccountDeleted = z.object({ deleted: z.literal(true) });
const ZExportRows = z.array(z.record(z.string(), z.unknown()));
/** The data export: every part is the rows as stored (see the account module's queries). */
export const ZAccountExport = z.object({
  exportedAt: ZInstant,
  account: z.record(z.string(), z.unknown()),
  profile: z.record(z.string(), z.unknown()).nullable(),
  photos: ZExportRows,
  selfieVerifications: ZExportRows,
  subscription: z.record(z.string(), z.unknown()).nullable(),
  likesGiven: ZExportRows,
  passes: ZExportRows,
  blocks: ZExportRows,
  matches: ZExportRows,
  messages: ZExportRows,
  dateVerifications: ZExportRows,
  datePlans: ZExportRows,
  ratingsGiven: ZExportRows,
  ratingsReceived: ZExportRows,
  reportsFiled: ZExportRows,
  notifications: ZExportRows,
  contactMessages: ZExportRows,
  securityActivity: ZExportRows,
});
export type TAccountExport = z.infer<typeof ZAccountExport>;

export const ZMatchList = z.object({ matches: z.array(ZMatch) });
export const ZConversationList = z.object({ conversations: z.array(ZConversation) });
export const ZMessageList = z.object({ messages: z.array(ZMessage) });
export const ZNotificationList = z.object({ notifications: z.array(ZNotification), unreadCount: z.number() });

export const ZBlockedList = z.object({ blocked: z.array(ZBlockedMember) });
export const ZBlockState = <Blocked extends boolean>(blocked: Blocked) => z.object({ blocked: z.literal(blocked) });
export const ZUnmatched = z.object({ pastMatchId: z.string() });
export const ZPastMatchList = z.object({ pastMatches: z.array(ZPastMatch) });
export const ZMyReportList = z.object({ reports: z.array(ZMyReport) });
export const ZReportFiled = z.object({ id: z.uuid(), status: z.literal('open') });

export const ZDateHistory = z.object({ dates: z.array(ZDateHistoryEntry) });
export const ZDatePlanList = z.object({ plans: z.array(ZDatePlan) });
export const ZShareLink = z.object({ path: z.string(), expiresAt: ZInstant });

export const ZAdminSelfieList = z.object({ selfies: z.array(ZAdminSelfie) });
export const ZSelfieDecision = <Status extends 'approved' | 'rejected'>(status: Status) =>
  z.object({ status: z.literal(status) });
export const ZAdminUserList = z.object({ users: z.array(ZAdminUser) });
export const ZAdminCaseList = z.object({ cases: z.array(ZAdminReport) });
export const ZAdminSignInResult = z.object({ twoFactorRequired: z.boolean() });
export const ZSecurityEvents = z.object({
  events: z.array(ZSecurityEvent),
  counters: z.object({
    userReports: z.number(),
    contentFlags: z.number(),
    highPriorityIssues: z.number(),
    resolvedIssues: z.number(),
  }),
});
export const ZLastAudit = z.object({ audit: ZAuditResult.nullable() });
export const ZInboxList = z.object({ messages: z.array(ZInboxMessage) });
export const ZPendingPaymentList = z.object({ pending: z.array(ZPendingPayment) });
export const ZCampaignList = z.object({ campaigns: z.array(ZCampaign) });
export const ZPublicAdList = z.object({ ads: z.array(ZPublicAd) });
export const ZSubscriptionPage = z.object({ subscriptions: z.array(ZAdminSubscription), total: z.number() });

/** Liveness, for load balancers and the CLI. */
export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), migrationsApplied: z.number(), reachable: z.boolean() }),
  uptimeSeconds: z.number(),
});

/** The local CLI's answers (control routes). */
export const ZAdminPromoted = z.object({
  userId: z.string(),
  email: z.string(),
  created: z.boolean(),
  password: z.string().optional(),
});
export const ZSeedJob = z.object({
  jobId: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  /** Drawing the portraits new members need, then writing the members; null before either. */
  phase: z.enum(['portraits', 'members']).nullable(),
  done: z.number(),
  total: z.number(),
  result: z
    .object({
      demo: z.object({ email: z.string(), password: z.string(), created: z.boolean() }),
      membersCreated: z.number(),
      membersTotal: z.number(),
    })
    .optional(),
  error: z.string().optional(),
});
export type TSeedJob = z.infer<typeof ZSeedJob>;

/** The development outbox (mounted outside production only). */
export const ZDevMail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  link: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  attachments: z.array(
    z.object({ filename: z.string(), cid: z.string(), contentType: z.string(), base64: z.string() }),
  ),
  createdAt: ZInstant,
});
export type TDevMail = z.infer<typeof ZDevMail>;
export const ZDevMailList = z.object({ mail: z.array(ZDevMail) });
export type TDevMailList = z.infer<typeof ZDevMailList>;
