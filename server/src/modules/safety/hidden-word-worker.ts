import { parentPort } from 'node:worker_threads';
import { compileHiddenWords, type HiddenWordMatcher } from '../../../../contracts/hidden-words';
import type { WorkerReply, WorkerRequest } from './hidden-word-matchers';

/**
 * The thread that compiles members' hidden-word lists and reads messages against them, so that
 * neither ever holds up the server's main thread (a list at the cost limit takes tens of
 * milliseconds to compile). It keeps the compiled lists of the members written to lately, each
 * with the version it was compiled from; asked about a list it does not have at that version,
 * it asks for the words.
 */
const MATCHERS_KEPT = 100;
const matchers = new Map<string, { version: string; matcher: HiddenWordMatcher }>();
let compilations = 0;

parentPort!.on('message', (request: WorkerRequest) => {
  const reply = (answer: Omit<WorkerReply, 'id' | 'compilations'>) =>
    parentPort!.postMessage({ id: request.id, compilations, ...answer } satisfies WorkerReply);
  try {
    let kept = matchers.get(request.userId);
    matchers.delete(request.userId);
    if (kept?.version !== request.version) {
      if (!request.words) return reply({ needWords: true });
      kept = { version: request.version, matcher: compileHiddenWords(request.words) };
      compilations += 1;
    }
    matchers.set(request.userId, kept); // most recently used last
    if (matchers.size > MATCHERS_KEPT) matchers.delete(matchers.keys().next().value!);
    reply({ hidden: kept.matcher.matches(request.content) });
  } catch (error) {
    reply({ error: error instanceof Error ? error.message : String(error) });
  }
});
