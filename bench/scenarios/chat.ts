// Chat: members in pairs, each with a socket open on /api/realtime. A message is sent over HTTP
// (as the web app sends it) and timed until the partner's socket hears of it (the event names the
// message by id). Each conversation
// has one sender at a time in the closed loop, so the order received must be the order sent.
import WebSocket from 'ws';
import { closedLoop, openLoop, summarise, type Figures } from '../lib/load';
import { startBareWsServer, withCpu, type CpuCost } from '../lib/processes';
import type { Session } from '../lib/sessions';
import type { ChatPair } from '../lib/sql-floors';
import { halfCapacity, ok, swipingSessions, type ScenarioContext } from './context';
import { frameText } from '../../server/src/realtime/frame-text';

export type ChatResults = {
  max: Figures & { delivered: number; reorderings: number; cpu: CpuCost };
  atHalf: Figures & { delivered: number; sent: number; rate: number };
  idle: { sockets: number; rssBeforeKb: number; rssAfterKb: number; kbPerSocket: number; bareKbPerSocket: number };
};

type Pair = { from: Session; to: Session; conversationId: string };

function openSocket(url: string, session: Session): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/api/realtime`, {
      headers: { cookie: session.cookie, origin: url },
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The conversations of the race's matches: member 2p writes to member 2p+1. */
async function chatPairs(context: ScenarioContext): Promise<Pair[]> {
  const swipers = swipingSessions(context);
  const pairs: Pair[] = [];
  for (let p = 0; p + 1 < swipers.length; p += 2) {
    const [from, to] = [swipers[p]!, swipers[p + 1]!];
    const { text } = await context.client.send(from, 'GET', '/api/matches');
    const match = (
      JSON.parse(text) as { matches: { conversationId: string | null; profile: { userId: string } }[] }
    ).matches.find((m) => m.profile.userId === to.id);
    if (!match?.conversationId)
      throw new Error(`${from.id} and ${to.id} have no conversation (the race scenario makes them)`);
    pairs.push({ from, to, conversationId: match.conversationId });
  }
  return pairs;
}

export async function runChat(context: ScenarioContext): Promise<{
  results: ChatResults;
  sockets: WebSocket[];
  conversation: { id: string; cookie: string };
  pairs: ChatPair[];
  workers: number;
}> {
  const url = context.client.baseUrl;
  const pairs = await chatPairs(context);
  // Events name the stored message by id (the app then reads it over HTTP): arrival is timed by id.
  const sent = new Map<string, { startedAt: number; phase: string; seq: number; conversationId: string }>();
  const arrivedAt = new Map<string, number>();
  const arrivals = new Map<string, string[]>();
  const receivers = await Promise.all(
    pairs.map(async (pair) => {
      const socket = await openSocket(url, pair.to);
      socket.on('message', (data) => {
        const event = JSON.parse(frameText(data)) as { type: string; conversationId?: string; messageId?: string };
        if (event.type !== 'message' || !event.messageId || arrivedAt.has(event.messageId)) return;
        arrivedAt.set(event.messageId, performance.now());
        arrivals.set(pair.conversationId, [...(arrivals.get(pair.conversationId) ?? []), event.messageId]);
      });
      return socket;
    }),
  );
  let seq = 0;
  const send = async (pair: Pair, phase: string) => {
    const content = `${phase}:${seq}`;
    const sentSeq = seq++;
    const startedAt = performance.now();
    const response = await context.client.send(
      pair.from,
      'POST',
      `/api/conversations/${pair.conversationId}/messages`,
      { content, clientKey: crypto.randomUUID() },
    );
    if (response.status === 201) {
      const { id } = JSON.parse(response.text) as { id: string };
      sent.set(id, { startedAt, phase, seq: sentSeq, conversationId: pair.conversationId });
    }
    return ok(response.status);
  };
  /**
   * Order is checked in the closed loop only, where each conversation has one message in flight
   * at a time: within a conversation, its messages must arrive in the order they were sent.
   */
  const reorderingsOf = (phase: string) => {
    let count = 0;
    for (const ids of arrivals.values()) {
      let last = -1;
      for (const id of ids) {
        const message = sent.get(id);
        if (message?.phase !== phase) continue;
        if (message.seq < last) count++;
        last = message.seq;
      }
    }
    return count;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
  const deliveredOf = (phase: string) =>
    [...sent.entries()]
      .filter(([id, message]) => message.phase === phase && arrivedAt.has(id))
      .map(([id, message]) => arrivedAt.get(id)! - message.startedAt);

  // Closed loop: worker w writes only in its own conversations, one message at a time.
  const workers = Math.min(32, pairs.length);
  await closedLoop(workers, 2, (k) => send(pairs[k % pairs.length]!, 'warm'));
  const byWorker = Array.from({ length: workers }, (_, w) => pairs.filter((_, p) => p % workers === w));
  const counters = Array(workers).fill(0) as number[];
  const closed = await withCpu(context.cpu, () =>
    closedLoop(workers, context.seconds, (_, w) => {
      const mine = byWorker[w]!;
      return send(mine[counters[w]!++ % mine.length]!, 'max');
    }),
  );
  await settle();
  const deliveredMax = deliveredOf('max');
  const reorderings = reorderingsOf('max');
  // Latencies are send→receive; the counts are of messages sent and stored.
  const max = {
    ...summarise(deliveredMax, closed.seconds, closed.errors),
    requests: closed.requests,
    rps: closed.rps,
    delivered: deliveredMax.length,
    reorderings,
    cpu: closed.cpu,
  };
  context.say(
    `  chat, closed loop: ${closed.rps} msgs/s stored, ${deliveredMax.length}/${closed.requests} delivered, ${reorderings} reorderings; send→receive p50 ${max.p50} / p99 ${max.p99} ms`,
  );

  // Open loop at half the closed loop's rate: send-to-receive latency.
  const rate = halfCapacity(closed.rps);
  const open = await openLoop(rate, context.seconds, (k) => send(pairs[k % pairs.length]!, 'rate'));
  await settle();
  const deliveredRate = deliveredOf('rate');
  const atHalf = {
    ...summarise(deliveredRate, open.seconds, open.errors),
    sent: open.requests,
    delivered: deliveredRate.length,
    rate,
  };
  context.say(
    `  chat at ${rate}/s: send→receive p50 ${atHalf.p50} / p95 ${atHalf.p95} / p99 ${atHalf.p99} ms, ${atHalf.delivered}/${atHalf.sent} delivered`,
  );

  // Idle sockets: the server's memory for thousands more open sockets (spread over the members).
  const before = await context.rss();
  const idle: WebSocket[] = [];
  for (let i = 0; i < context.tier.idleSockets; i += 100) {
    idle.push(
      ...(await Promise.all(
        Array.from({ length: 100 }, (_, j) => openSocket(url, context.sessions[(i + j) % context.sessions.length]!)),
      )),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = await context.rss();
  const kbPerSocket = Math.round(((after - before) / idle.length) * 10) / 10;
  const bareKbPerSocket = await bareWsKbPerSocket(idle.length);
  context.say(
    `  ${idle.length} idle sockets (bare ws: ${bareKbPerSocket} KB per socket): server RSS ${Math.round(before / 1024)} → ${Math.round(after / 1024)} MB, ${kbPerSocket} KB per socket`,
  );
  return {
    results: {
      max,
      atHalf,
      idle: { sockets: idle.length, rssBeforeKb: before, rssAfterKb: after, kbPerSocket, bareKbPerSocket },
    },
    sockets: [...receivers, ...idle],
    conversation: { id: pairs[0]!.conversationId, cookie: pairs[0]!.from.cookie },
    pairs: pairs.map((p) => ({ fromId: p.from.id, toId: p.to.id, conversationId: p.conversationId })),
    workers,
  };
}

/** The same count of idle sockets on the ws library alone: what a socket costs before any of our code. */
async function bareWsKbPerSocket(count: number): Promise<number> {
  const bare = await startBareWsServer();
  const sockets: WebSocket[] = [];
  const rss = async () => {
    const seen = bare.output().length;
    bare.child.kill('SIGUSR2');
    while (!bare.output().slice(seen).includes('rss ')) await new Promise((resolve) => setTimeout(resolve, 50));
    return Number(/rss (\d+)/.exec(bare.output().slice(seen))![1]) / 1024;
  };
  try {
    const open = () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(bare.url.replace('http', 'ws'));
        socket.once('open', () => resolve(socket));
        socket.once('error', reject);
      });
    const before = await rss();
    for (let i = 0; i < count; i += 100)
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, open))));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return Math.round((((await rss()) - before) / count) * 10) / 10;
  } finally {
    for (const socket of sockets) socket.terminate();
    await bare.stop();
  }
}
