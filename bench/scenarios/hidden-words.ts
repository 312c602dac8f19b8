// Hidden words: what a send costs the server's main thread when the recipient hides 1,000 words
// (docs/decisions/020-hidden-words.md, issue 32). Run inside this process against the run's own
// database, one send at a time, since the figure wanted is a percentile per send: a server's
// CPU counters in /proc tick every 10 ms and give only a mean.
//
// npx tsx bench/scenarios/hidden-words.ts [--db pglite|postgres] [--sends 300]   on its own
// npm run bench                                                                   as part of every run
//
// Phases, each a 2,000-character message that holds no hidden word (the whole text is read):
// - floor: the same send to a member who hides nothing;
// - 1,000 words, the list unchanged between sends (compiled once, then kept);
// - 1,000 words, one of them changed before each send (read and compiled on every send: the
//   attack of issue 32);
// - 1,000 words and 2,000 × U+FDFA, the character NFKD grows most (18 characters).
// CPU is process.cpuUsage (user + system) around each send: on PGlite the database runs in this
// thread and counts too; on PostgreSQL only the server side does.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { HIDDEN_WORDS_COST_MAX, hiddenWordsCost, normalizeHiddenWord } from '../../contracts/hidden-words';
import { MESSAGE_MAX_LENGTH } from '../../contracts/messages-api';
import { openPglite, openPostgres, type Db } from '../../server/src/db/client';
import { conversations, matches } from '../../server/src/db/schema';
import { storedPair } from '../../server/src/db/pairs';
import { sendMessage } from '../../server/src/modules/messages/messages.service';
import { addHiddenWords } from '../../server/src/modules/safety/hidden-words';
import { deleteHiddenWord, insertHiddenWords } from '../../server/src/modules/safety/safety.queries';
import { hashForFactories, insertMember } from '../../server/src/modules/seed/factories';
import { ensurePostgresBinaries, startPostgresCluster } from '../../scripts/postgres-cluster.mjs';
import { percentile } from '../lib/load';
import { POSTGRES_SETTINGS } from '../lib/processes';

/** CPU per send, in ms. */
/**
 * Per send, in ms: CPU of the whole process (both threads; p50, p99, max), and the main thread's
 * busy time (mainP50, mainP99: event-loop utilisation), which is what holds up other requests.
 */
export type CpuPerSend = { sends: number; p50: number; p99: number; max: number; mainP50: number; mainP99: number };
export type HiddenWordsResults = {
  words: number;
  messageLength: number;
  floor: CpuPerSend;
  unchanged: CpuPerSend;
  changedEachSend: CpuPerSend;
  expanding: CpuPerSend;
  /** The stranger's attack: a list at the cost limit of characters that fold into several, changed before each send of a message of those characters. */
  worstList: CpuPerSend & { words: number };
};

/** A seeded generator, so every run sends the same texts and hides the same words. */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

const VOCABULARY =
  'coffee saturday market hiking trail museum dinner favourite weekend sunny garden bookshop concert tickets honestly laughing river bicycle picnic recipe cinema'.split(
    ' ',
  );

/** Ordinary chat, with the punctuation, digits and emoji that make both readings differ. */
function message(next: () => number): string {
  let text = '';
  while (text.length < MESSAGE_MAX_LENGTH) {
    const word = VOCABULARY[Math.floor(next() * VOCABULARY.length)]!;
    const roll = next();
    text += roll < 0.05 ? `${word}! ` : roll < 0.08 ? `${word} at 7:45, ` : roll < 0.1 ? `${word} 😀 ` : `${word} `;
  }
  return text.slice(0, MESSAGE_MAX_LENGTH);
}

/** 1,000 words and phrases none of the messages holds: Latin, leet, Cyrillic, Greek, emoji. */
function hiddenWords(next: () => number, count: number): string[] {
  const letters = ['abcdefghijkmnopqrstuvwxyz', 'бвгдежзийклмнптуфхцчшщ', 'αβγδεζηθικλμνξπρστυφχψω'];
  const word = () => {
    const alphabet = letters[next() < 0.8 ? 0 : next() < 0.5 ? 1 : 2]!;
    return Array.from(
      { length: 5 + Math.floor(next() * 8) },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join('');
  };
  const words = new Set<string>();
  while (words.size < count) {
    const roll = next();
    words.add(
      roll < 0.15 ? `${word()} ${word()}` : roll < 0.2 ? `${word()}4` : roll < 0.22 ? `🙈${words.size}` : word(),
    );
  }
  return [...words];
}

/** `prepare` runs before each send, outside the time measured. */
async function cpuPerSend(
  sends: number,
  send: (k: number) => Promise<unknown>,
  prepare: () => Promise<unknown> = async () => {},
): Promise<CpuPerSend> {
  for (let k = 0; k < 20; k++) await prepare().then(() => send(-1 - k)); // warm-up: code compiled, caches filled
  const costs: number[] = [];
  const main: number[] = [];
  for (let k = 0; k < sends; k++) {
    await prepare();
    const before = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    await send(k);
    main.push(performance.eventLoopUtilization(loop).active);
    const { user, system } = process.cpuUsage(before);
    costs.push((user + system) / 1000);
  }
  const sorted = costs.toSorted((a, b) => a - b);
  const mainSorted = main.toSorted((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    sends,
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1)!),
    mainP50: round(percentile(mainSorted, 0.5)),
    mainP99: round(percentile(mainSorted, 0.99)),
  };
}

/** Two matched members and their conversation, made straight in the database. */
async function pair(db: Db, passwordHash: string) {
  const tag = randomUUID().slice(0, 8);
  const [sender, recipient] = await Promise.all(
    ['sender', 'recipient'].map((who) =>
      insertMember(db, { email: `bench-hidden-${who}-${tag}@example.com`, passwordHash }),
    ),
  );
  const [userA, userB] = storedPair(sender!, recipient!);
  const [match] = await db.insert(matches).values({ userA, userB }).returning();
  const [conversation] = await db.insert(conversations).values({ matchId: match!.id, userA, userB }).returning();
  return { sender: sender!, recipient: recipient!, conversationId: conversation!.id };
}

export async function runHiddenWords(db: Db, sends: number, say: (line: string) => void): Promise<HiddenWordsResults> {
  const next = random(32);
  const passwordHash = await hashForFactories(randomUUID());
  const plain = await pair(db, passwordHash);
  const hiding = await pair(db, passwordHash);
  const words = hiddenWords(next, 1000);
  await addHiddenWords(db, hiding.recipient, words);
  const texts = Array.from({ length: 50 }, () => message(next));
  const sendTo = (to: typeof plain, content: string) =>
    sendMessage(db, to.sender, to.conversationId, content, randomUUID());

  const floor = await cpuPerSend(sends, (k) => sendTo(plain, texts[Math.abs(k) % texts.length]!));
  const unchanged = await cpuPerSend(sends, (k) => sendTo(hiding, texts[Math.abs(k) % texts.length]!));
  // Before each send, one word out and another in.
  let changes = 0;
  const changedEachSend = await cpuPerSend(
    sends,
    (k) => sendTo(hiding, texts[Math.abs(k) % texts.length]!),
    // The statements alone: the routes would also answer the whole list, garbage that would be
    // collected during the send measured next.
    async () => {
      await deleteHiddenWord(db, { userId: hiding.recipient, word: words[changes % words.length]! });
      await db.transaction((tx) => insertHiddenWords(tx, hiding.recipient, [`swap${changes++}`]));
    },
  );
  const expanding = await cpuPerSend(sends, () => sendTo(hiding, '\uFDFA'.repeat(MESSAGE_MAX_LENGTH)));

  // The worst list a member may have: words of 100 characters that fold into several each and
  // read a grapheme at a time, as many as the cost limit allows, one changed before each send of
  // 2,000 such characters (none of its words).
  const worst = await pair(db, passwordHash);
  const expanders = ['\u0609', '\u060A', '\u0F02', '\u0F03', '\u102A', '\u2030', '\u2031'];
  const noise = (length: number) =>
    Array.from({ length }, () => expanders[Math.floor(next() * expanders.length)]).join('');
  const worstWords: string[] = [];
  while (hiddenWordsCost([...worstWords, 'x'.repeat(100)]) < HIDDEN_WORDS_COST_MAX) {
    const word = normalizeHiddenWord(noise(100)).slice(0, 100);
    if (hiddenWordsCost([...worstWords, word]) > HIDDEN_WORDS_COST_MAX) break;
    worstWords.push(word);
  }
  await addHiddenWords(db, worst.recipient, worstWords);
  let swaps = 0;
  const worstList = await cpuPerSend(
    sends,
    () => sendTo(worst, noise(MESSAGE_MAX_LENGTH)),
    async () => {
      // A new word each time, as an attacker would send: its forms are not remembered yet.
      const slot = swaps++ % worstWords.length;
      await deleteHiddenWord(db, { userId: worst.recipient, word: worstWords[slot]! });
      worstWords[slot] = normalizeHiddenWord(noise(100)).slice(0, 100);
      await db.transaction((tx) => insertHiddenWords(tx, worst.recipient, [worstWords[slot]!]));
    },
  );
  const results = {
    words: words.length,
    messageLength: MESSAGE_MAX_LENGTH,
    floor,
    unchanged,
    changedEachSend,
    expanding,
    worstList: { ...worstList, words: worstWords.length },
  };
  say(
    `  hidden words (1,000 words, 2,000 characters), CPU per send p50 / p99 ms: floor ${floor.p50} / ${floor.p99}; list unchanged ${unchanged.p50} / ${unchanged.p99}; one word changed before each send ${changedEachSend.p50} / ${changedEachSend.p99}; 2,000 × U+FDFA ${expanding.p50} / ${expanding.p99}; the worst list (${worstWords.length} words at the cost limit, changed before each send of its characters) ${worstList.p50} / ${worstList.p99}; main thread alone p50 / p99: 1,000 words changed before each send ${changedEachSend.mainP50} / ${changedEachSend.mainP99}, the worst list ${worstList.mainP50} / ${worstList.mainP99} (floor ${floor.mainP50} / ${floor.mainP99})`,
  );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { db: { type: 'string', default: 'pglite' }, sends: { type: 'string', default: '300' } },
  });
  const postgres = values.db === 'postgres';
  if (postgres && !ensurePostgresBinaries()) throw new Error("PostgreSQL 15 is needed (Debian's postgresql-15)");
  const cluster = postgres ? await startPostgresCluster({ durable: true, settings: POSTGRES_SETTINGS }) : null;
  const dataDir = postgres ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-bench-hidden-'));
  const database = cluster ? await openPostgres(cluster.url, 8) : await openPglite(path.join(dataDir!, 'pgdata'));
  try {
    await database.migrate();
    await runHiddenWords(database.db, Number(values.sends), (line) => console.log(line));
  } finally {
    await database.close();
    cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
