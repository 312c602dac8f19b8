import { z } from './zod';

// Shapes that many answers share, declared once.

/** A moment in an API answer: ISO 8601 text, which the browser shows in its own time zone. */
export const ZInstant = z.string().describe('A moment, in ISO 8601');

/** A member as a list names them: their id and display name. */
export const ZMemberName = z.object({ userId: z.string(), name: z.string() });

/** A member as the back office lists them: id, name and the account's email. */
export const ZAccountHolder = ZMemberName.extend({ email: z.string() });
