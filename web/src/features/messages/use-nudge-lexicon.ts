import { useEffect } from 'react';

type Lexicon = typeof import('@contracts/nudges');

/**
 * The 'Are you sure?' lexicon reads text the way hidden words do, with Unicode's confusables
 * table (about 30 KB gzipped), so it is its own chunk: fetched when a chat opens, not with the
 * page. A failed fetch is forgotten, so the next send tries again.
 */
let lexicon: Promise<Lexicon> | undefined;
export function loadNudgeLexicon(): Promise<Lexicon> {
  lexicon ??= import('@contracts/nudges').catch((error: unknown) => {
    lexicon = undefined;
    throw error;
  });
  return lexicon;
}

/** Starts fetching the lexicon while the member reads the chat, so it is there by the first send. */
export function usePrefetchNudgeLexicon() {
  useEffect(() => {
    loadNudgeLexicon().catch(() => undefined);
  }, []);
}
