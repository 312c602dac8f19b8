import { HIDDEN_WORDS_MAX, HIDDEN_WORDS_TEXT, type THiddenWords } from '../../../../contracts/hidden-words';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { deleteHiddenWord, insertHiddenWords, selectHiddenWords } from './safety.queries';

/**
 * Hidden words (contracts/hidden-words.ts): the words a member hid, up to 1,000. A message that
 * contains one is stored as hidden for its recipient (messages.service.ts).
 */
export async function listHiddenWords(db: Db, userId: string): Promise<THiddenWords> {
  const rows = await selectHiddenWords(db, userId);
  return { words: rows.map((row) => ({ word: row.word, createdAt: row.created_at })), max: HIDDEN_WORDS_MAX };
}

export async function addHiddenWords(db: Db, userId: string, words: string[]): Promise<THiddenWords> {
  const total = await db.transaction((tx) =>
    insertHiddenWords(tx, { userId, words: [...new Set(words)], max: HIDDEN_WORDS_MAX }),
  );
  if (total === null)
    throw new AppError('BAD_REQUEST', HIDDEN_WORDS_TEXT.tooMany, { words: HIDDEN_WORDS_TEXT.tooMany });
  return listHiddenWords(db, userId);
}

export async function removeHiddenWord(db: Db, userId: string, word: string): Promise<THiddenWords> {
  await deleteHiddenWord(db, { userId, word });
  return listHiddenWords(db, userId);
}
