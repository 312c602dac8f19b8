import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '../../../../contracts/auth';
import type { Db } from '../../db/client';
import { account, profiles, user } from '../../db/schema';
import { hashPassword } from '../../auth/password';
import { snapToGrid } from '../profiles/profiles.service';

export type MemberInput = {
  email: string;
  name?: string;
  createdAt?: Date;
  /** One hash reused for many members keeps factories fast (argon2id is slow on purpose). */
  passwordHash: string;
  profile?: Partial<typeof profiles.$inferInsert> | null;
  position?: { latitude: number; longitude: number };
};

/** A good date's rating, as the demo's matches and the tests give it (a comment added where wanted). */
export const WARM_RATING = {
  overall: 5,
  safety: 5,
  respect: 5,
  communication: 4,
  safeForFamily: true,
  safeForHome: false,
  wouldDateAgain: true,
} as const;

export const hashForFactories = (password: string) => hashPassword(password);

/** A verified member with a password account and, unless told otherwise, a profile. */
export async function insertMember(db: Db, input: MemberInput): Promise<string> {
  const id = randomUUID().replace(/-/g, '');
  const createdAt = input.createdAt ?? new Date();
  const name = input.name ?? input.email.split('@')[0]!;
  await db.transaction(async (tx) => {
    await tx
      .insert(user)
      .values({ id, name, email: normalizeEmail(input.email), emailVerified: true, createdAt, updatedAt: createdAt });
    await tx
      .insert(account)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: input.passwordHash });
    if (input.profile !== null) {
      const position = input.position ? snapToGrid(input.position.latitude, input.position.longitude) : {};
      await tx.insert(profiles).values({ userId: id, name, interests: [], ...position, ...input.profile });
    }
  });
  return id;
}
