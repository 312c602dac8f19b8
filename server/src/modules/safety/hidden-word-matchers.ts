import { compileHiddenWords, type HiddenWordMatcher } from '../../../../contracts/hidden-words';
import type { Db } from '../../db/client';
import { hiddenWordsOf } from './safety.queries';

/**
 * Compiled hidden-word matchers of the members written to lately, each with the version of the
 * list it was compiled from (docs/decisions/020-hidden-words.md). The version comes from the
 * database with the send's first statement (messages.queries.ts, hidden_words_version), so every
 * server instance sees a change to the list on its next send, and a list that did not change is
 * neither read again nor compiled again. The promise is kept, so sends racing to one member after
 * a change read and compile the list once.
 */
const MATCHERS_KEPT = 100; // about 0.4 MB each for a list of 1,000 words
const matchers = new Map<string, { version: string; matcher: Promise<HiddenWordMatcher> }>();
let compilations = 0;

export function hiddenWordMatcher(
  db: Pick<Db, 'execute'>,
  userId: string,
  version: string,
): Promise<HiddenWordMatcher> {
  const kept = matchers.get(userId);
  matchers.delete(userId);
  if (kept?.version === version) {
    matchers.set(userId, kept); // most recently used last
    return kept.matcher;
  }
  const matcher = hiddenWordsOf(db, userId).then((words) => {
    compilations += 1;
    return compileHiddenWords(words);
  });
  const entry = { version, matcher };
  matchers.set(userId, entry);
  // A failed read is not kept: the next send tries again.
  matcher.catch(() => matchers.get(userId) === entry && matchers.delete(userId));
  if (matchers.size > MATCHERS_KEPT) matchers.delete(matchers.keys().next().value!);
  return matcher;
}

/** How many lists this process has compiled: tests count them to see a list compiled once per version. */
export const hiddenWordCompilations = () => compilations;
