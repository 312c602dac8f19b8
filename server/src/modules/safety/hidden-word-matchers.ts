import { Worker } from 'node:worker_threads';
import type { Db } from '../../db/client';
import { hiddenWordsOf } from './safety.queries';

/**
 * Whether a message is hidden from its recipient (docs/decisions/020-hidden-words.md). The lists
 * are compiled and read in a worker thread (hidden-word-worker.ts), which keeps the compiled
 * lists of the members written to lately with the version each came from. The version comes
 * from the database with the send's first statement (messages.queries.ts,
 * hidden_words_version), so every server instance sees a change on its next send; the list is
 * read from the database only when the worker does not have it at that version.
 */
export type WorkerRequest = { id: number; userId: string; version: string; content: string; words?: string[] };
export type WorkerReply = { id: number; compilations: number; hidden?: boolean; needWords?: true; error?: string };

let worker: Worker | null = null;
const pending = new Map<number, { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }>();
let nextId = 0;
let compilations = 0;

function workerThread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./hidden-word-worker.mjs', import.meta.url));
  // It never keeps the process alive by itself: a send waiting on it does.
  started.unref();
  started.on('message', (reply: WorkerReply) => {
    compilations = reply.compilations;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error !== undefined) waiting?.reject(new Error(`hidden words: ${reply.error}`));
    else waiting?.resolve(reply);
  });
  // A worker that fails is replaced at the next send; the sends waiting on it fail (500).
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(error);
    }
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the hidden-word worker stopped (${code})`)));
  worker = started;
  return started;
}

function ask(request: Omit<WorkerRequest, 'id'>): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, { resolve, reject });
    workerThread().postMessage({ id, ...request } satisfies WorkerRequest);
  });
}

/** Whether `content` holds a word `userId` hid, the list being at `version`. */
export async function isHiddenFor(
  db: Pick<Db, 'execute'>,
  userId: string,
  version: string,
  content: string,
): Promise<boolean> {
  let reply = await ask({ userId, version, content });
  if (reply.needWords) reply = await ask({ userId, version, content, words: await hiddenWordsOf(db, userId) });
  return reply.hidden === true;
}

/** Starts the worker ahead of the first send that needs it (the server calls this at start). */
export const startHiddenWordWorker = () => void workerThread();

/** How many lists the worker has compiled: tests count them to see a list compiled once per version. */
export const hiddenWordCompilations = () => compilations;
