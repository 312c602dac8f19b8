import { z } from './zod';
import { ZInstant } from './common';
import { ZProfileCard } from './discovery';

// The plain rules and texts live in plans-constants.ts, which pages can load without zod.
export * from './plans-constants';

/** The answer to Go Premium: where to pay, and the reference the payment note carries. */
export const ZUpgradeResponse = z.object({ paymentUrl: z.string(), reference: z.string(), amount: z.number() });
export type TUpgradeResponse = z.infer<typeof ZUpgradeResponse>;

/** Who liked me. Free members get the count only; the list is Premium. */
export const ZLikesReceived = z.object({
  count: z.number(),
  likes: z.array(z.object({ profile: ZProfileCard, superLike: z.boolean(), likedAt: ZInstant })).nullable(),
});
export type TLikesReceived = z.infer<typeof ZLikesReceived>;

export const ZBoostStatus = z.object({
  active: z.boolean(),
  endsAt: ZInstant.nullable(),
  availableToday: z.boolean(),
});
export type TBoostStatus = z.infer<typeof ZBoostStatus>;
