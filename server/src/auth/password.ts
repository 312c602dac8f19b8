import { hash, verify } from '@node-rs/argon2';

// Argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane): about 27 ms per hash here.
// The numeric algorithm id is used because the package's enum is a `const enum`.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash is a failed check, not a crash
  }
}
