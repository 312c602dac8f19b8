import {
  HIDDEN_WORD_CHANGES_PER_HOUR,
  HIDDEN_WORDS_COST_MAX,
  HIDDEN_WORDS_MAX,
  HIDDEN_WORDS_TEXT,
  hiddenWordsCost,
  type THiddenWords,
} from '../../../../contracts/hidden-words';
import { consumeLimits } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  deleteHiddenWord,
  hiddenWordsOf,
  insertHiddenWords,
  lockHiddenWords,
  selectHiddenWords,
} from './safety.queries';

/**
 * Hidden words (contracts/hidden-words.ts): the words a member hid, up to 1,000. A message that
 * contains one is stored as hidden for its recipient (messages.service.ts).
 */
export async function listHiddenWords(db: Db, userId: string): Promise<THiddenWords> {
  const rows = await selectHiddenWords(db, userId);
  return { words: rows.map((row) => ({ word: row.word, createdAt: row.created_at })), max: HIDDEN_WORDS_MAX };
}

/**
 * Adds words, as many as the member may have: at most HIDDEN_WORDS_MAX, costing at most
 * HIDDEN_WORDS_COST_MAX to compile (nothing is added when the whole would be over). The member's
 * list is taken in turn, so two adds at once cannot pass the limits together.
 */
export async function addHiddenWords(db: Db, userId: string, words: string[]): Promise<THiddenWords> {
  await countChange(db, userId);
  await db.transaction(async (tx) => {
    await lockHiddenWords(tx, userId);
    const all = new Set([...(await hiddenWordsOf(tx, userId)), ...words]);
    const refuse = (message: string) => new AppError('BAD_REQUEST', message, { words: message });
    if (all.size > HIDDEN_WORDS_MAX) throw refuse(HIDDEN_WORDS_TEXT.tooMany);
    if (hiddenWordsCost(all) > HIDDEN_WORDS_COST_MAX) throw refuse(HIDDEN_WORDS_TEXT.tooLong);
    await insertHiddenWords(tx, userId, [...new Set(words)]);
  });
  return listHiddenWords(db, userId);
}

export async function removeHiddenWord(db: Db, userId: string, word: string): Promise<THiddenWords> {
  await countChange(db, userId);
  await deleteHiddenWord(db, { userId, word });
  return listHiddenWords(db, userId);
}

/** Each change makes the next message to the member compile the list again: they are counted. */
async function countChange(db: Db, userId: string): Promise<void> {
  const limit = { key: `hidden-word-changes:${userId}`, max: HIDDEN_WORD_CHANGES_PER_HOUR, windowSeconds: 3600 };
  await consumeLimits(db, [limit]).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'RATE_LIMITED'
      ? new AppError('RATE_LIMITED', HIDDEN_WORDS_TEXT.tooManyChanges, undefined, error.headers)
      : error;
  });
}
