import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { memberId, user } from './auth';
import { at, createdAtNow, primaryId, parentId } from './columns';

/** A row marks an administrator. Created by `npm run admin:create`. */
export const adminUsers = pgTable('admin_users', {
  userId: memberId('user_id').primaryKey(),
  createdAt: createdAtNow(),
});

/** No row means the free plan; the 30-day trial is derived from the account's creation. */
export const subscriptions = pgTable('subscriptions', {
  id: primaryId(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  tier: text('tier').notNull().default('free'),
  active: boolean('active').notNull().default(false),
  expiresAt: at('expires_at'),
  /** Cancelled: stays active until expires_at, then ends. */
  cancelledAt: at('cancelled_at'),
  createdAt: createdAtNow(),
  /** Last change by an admin: an upgrade attempt after it is still waiting for payment. */
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Ad campaigns: an image (re-encoded like every upload), a target, a placement and counters. */
export const ads = pgTable(
  'ads',
  {
    id: primaryId(),
    name: text('name').notNull(),
    imageKey: text('image_key').notNull(),
    targetUrl: text('target_url').notNull(),
    placement: text('placement').notNull().default('home_header'),
    active: boolean('active').notNull().default(true),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAtNow(),
  },
  (t) => [index('ads_placement_idx').on(t.placement, t.active)],
);

/**
 * Addresses that asked, from a mail's stop link, for no mail they did not ask for. Only a keyed
 * hash of the address is kept.
 */
export const mailRefusals = pgTable('mail_refusals', {
  addressKey: text('address_key').primaryKey(),
  createdAt: createdAtNow(),
});

/** Mail written instead of sent when no SMTP_URL is configured (shown at /dev/mail). */
export const devMail = pgTable(
  'dev_mail',
  {
    id: primaryId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    link: text('link'),
    /** Extra headers (List-Unsubscribe) and attachments (base64), as SMTP would send them. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    attachments: jsonb('attachments')
      .$type<{ filename: string; cid: string; contentType: string; base64: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAtNow(),
  },
  (t) => [index('dev_mail_created_at_idx').on(t.createdAt)],
);

/**
 * Fixed-window counters for the auth rate limits. Kept in the database so limits survive
 * a restart and hold across several server instances.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
});

export const systemLogs = pgTable(
  'system_logs',
  {
    id: primaryId(),
    eventType: text('event_type').notNull(),
    userId: text('user_id'),
    detail: text('detail'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAtNow(),
  },
  (t) => [index('system_logs_event_type_idx').on(t.eventType, t.createdAt)],
);

export const securityLogs = pgTable(
  'security_logs',
  {
    id: primaryId(),
    /** The order of the chain. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    eventType: text('event_type').notNull(),
    severity: text('severity').notNull().default('info'),
    actorId: text('actor_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtNow(),
    /**
     * Each entry carries the hash of the one before it and its own, so editing or deleting a
     * row breaks the chain, and the security audit says where (decision 007).
     */
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('security_logs_created_at_idx').on(t.createdAt),
    index('security_logs_event_type_idx').on(t.eventType, t.createdAt),
  ],
);

/** Contact and support messages: stored, and read in the admin inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: primaryId(),
    kind: text('kind').notNull().default('contact'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The signed-in member who sent it, if any. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Premium members' support messages come first (priority support). */
    priority: boolean('priority').notNull().default(false),
    handledAt: at('handled_at'),
    handledBy: text('handled_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAtNow(),
  },
  (t) => [index('contact_messages_inbox_idx').on(t.handledAt, t.priority, t.createdAt)],
);

/** The security log's newest entry, signed with the server's key (modules/audit/security-log.ts). */
export const securityLogHead = pgTable('security_log_head', {
  id: integer('id').primaryKey().default(1),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  mac: text('mac').notNull(),
});

/** One impression and one click per visitor, ad and UTC day (campaigns.service.ts). */
export const adViews = pgTable(
  'ad_views',
  {
    adId: parentId('ad_id', () => ads.id),
    kind: text('kind').notNull(),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.kind, t.visitor, t.day] }), index('ad_views_day_idx').on(t.day)],
);
