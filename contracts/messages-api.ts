import { z } from './zod';
import { ZInstant } from './common';
import { NUDGE_KINDS } from './nudge-kinds';

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_TEXT = {
  empty: 'Write something before sending.',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`,
  sendFailed: 'Failed to send message',
  loadFailed: 'Failed to load conversations',
  loginRequired: { title: 'Login required', description: 'Please login to send messages' },
} as const;

/** The four fixed suggestions for a first message. */
export const MESSAGE_SUGGESTIONS = [
  'Hi! How is your week going?',
  'Your profile made me smile. What are you into lately?',
  'Coffee or a walk somewhere public this weekend?',
  'What is the best date you have ever been on?',
] as const;

/**
 * Text-direction overrides and isolates (U+202A–U+202E, U+2066–U+2069) make a reader see letters
 * in an order they are not stored in: 'xes' between them shows as 'sex', past every word filter.
 * A message has no use for them; its text is kept without.
 */
export const withoutDirectionControls = (text: string) => text.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');

export const ZSendMessage = z.object({
  content: z
    .string()
    .transform(withoutDirectionControls)
    .pipe(z.string().trim().min(1, MESSAGE_TEXT.empty).max(MESSAGE_MAX_LENGTH, MESSAGE_TEXT.tooLong)),
  /** Chosen by the client once per message; a retry reuses it, so nothing is stored twice. */
  clientKey: z.string().min(8).max(64),
});

export const ZMessage = z.object({
  id: z.uuid(),
  conversationId: z.string(),
  senderId: z.string(),
  content: z.string(),
  type: z.string(),
  clientKey: z.string(),
  createdAt: ZInstant,
  /** Set on messages the viewer received; read receipts for the sender come with Premium. */
  read: z.boolean(),
  /**
   * On the viewer's own messages: whether the other member has read it. A read receipt,
   * shown with Premium; null on the free plan (and on messages the viewer received).
   */
  seen: z.boolean().nullable(),
  /** The safety-nudge category the text matched, so the recipient is asked 'Does this bother you?'. */
  nudge: z.enum(NUDGE_KINDS).nullable(),
  /** A message the viewer received that contains a word they hid: shown folded, in the Hidden folder. */
  hidden: z.boolean(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZConversation = z.object({
  id: z.uuid(),
  matchId: z.string(),
  other: z.object({
    userId: z.string(),
    name: z.string(),
    thumbUrl: z.string().nullable(),
    selfieVerified: z.boolean(),
  }),
  /** The newest message; when it is one the viewer received with a hidden word, its text is left out. */
  lastMessage: z
    .object({ content: z.string(), senderId: z.string(), createdAt: ZInstant, hidden: z.boolean() })
    .nullable(),
  unreadCount: z.number(),
  dateVerified: z.boolean(),
  updatedAt: ZInstant,
});
export type TConversation = z.infer<typeof ZConversation>;

/**
 * What the realtime socket carries, as JSON text frames. Events name what changed, by id; the
 * client reads the rows over HTTP, where every access rule applies (no content rides along).
 */
/**
 * The close code of a member's oldest socket when they open more than the server holds for one
 * member: that tab waits until it is looked at again instead of taking a socket back at once.
 */
export const TOO_MANY_SOCKETS_CLOSE = 4002;

export type RealtimeEvent =
  /** A message was stored (sent to both members: the sender's other tabs show it too). */
  | { type: 'message'; conversationId: string; messageId: string }
  | { type: 'read'; conversationId: string; readerId: string }
  | { type: 'match'; matchId: string }
  | { type: 'notification'; notificationId: string }
  /** A block or an unmatch ended the conversation (null when the pair had none). */
  | { type: 'conversation-closed'; conversationId: string | null }
  /** A date photo, confirmation, rating or calendar plan changed in this conversation. */
  | { type: 'date-updated'; conversationId: string }
  /** For administrators: counts behind the dashboard statistics changed. */
  | { type: 'stats-changed' };

/** Kept with the message texts (no zod there, so the web app's first load stays small). */
export { messagePreview } from './messages';
