// Like/pass: every request a new (viewer, profile) pair, 35% likes and 65% passes, closed loop
// for the most the server does and open loop at half that for latency. Then the race: every pair
// of swiping members like each other at the same moment, and exactly one match must come of each.
import { closedLoop, openLoop, type Figures } from '../lib/load';
import { withCpu, type CpuCost } from '../lib/processes';
import type { Swipe } from '../lib/sql-floors';
import type { Session } from '../lib/sessions';
import { halfCapacity, ok, swipingSessions, type ScenarioContext } from './context';

export type SwipeResults = {
  max: Figures & { cpu: CpuCost };
  atHalf: Figures & { rate: number };
  race: { pairs: number; matches: number; duplicates: number; errors: number; seconds: number };
};

/**
 * The swipes in order from the k-th on: each a new (viewer, profile) pair, 35% likes. The
 * endpoint's run starts at 0; its SQL floor later starts far beyond, on pairs still new.
 */
export function swipeStream(context: ScenarioContext, from = 0): () => Swipe & { viewer: Session } {
  const swipers = swipingSessions(context);
  const N = context.tier.profiles;
  let next = from;
  // For a given viewer, k → target is one-to-one while k/M < N (31 is prime to every tier's N).
  return () => {
    const k = next++;
    const viewer = swipers[k % swipers.length]!;
    const target = `b${((Math.floor(k / swipers.length) * 31 + viewer.index * 997) % N) + 1}`;
    return { viewerId: viewer.id, targetId: target, like: (k * 7) % 20 < 7, viewer };
  };
}

export function swipeSender(context: ScenarioContext) {
  const next = swipeStream(context);
  return async () => {
    const { viewer, targetId, like } = next();
    const response = await context.client.send(viewer, 'POST', like ? '/api/likes' : '/api/passes', { targetId });
    return ok(response.status);
  };
}

export async function runSwipes(context: ScenarioContext): Promise<SwipeResults> {
  const send = swipeSender(context);
  await closedLoop(16, 2, send); // warm-up
  const max = await withCpu(context.cpu, () => closedLoop(64, context.seconds, send));
  context.say(`  like/pass, closed loop c=64: ${max.rps}/s, p50 ${max.p50} / p99 ${max.p99} ms, ${max.errors} errors`);
  const rate = halfCapacity(max.rps);
  const atHalf = { ...(await openLoop(rate, context.seconds, send)), rate };
  context.say(
    `  like/pass at ${rate}/s: p50 ${atHalf.p50} / p95 ${atHalf.p95} / p99 ${atHalf.p99} ms, ${atHalf.errors} errors`,
  );
  return { max, atHalf, race: await runRace(context) };
}

async function runRace(context: ScenarioContext): Promise<SwipeResults['race']> {
  const swipers = swipingSessions(context);
  const likes: { from: (typeof swipers)[number]; to: string }[] = [];
  for (let i = 0; i < swipers.length; i++) {
    for (let j = i + 1; j < swipers.length; j++) {
      // Both sides of a pair are next to each other, so they are in flight together.
      likes.push({ from: swipers[i]!, to: swipers[j]!.id }, { from: swipers[j]!, to: swipers[i]!.id });
    }
  }
  const pairs = likes.length / 2;
  const started = performance.now();
  const figures = await closedLoop(
    64,
    600,
    async (k) =>
      ok((await context.client.send(likes[k]!.from, 'POST', '/api/likes', { targetId: likes[k]!.to })).status),
    likes.length,
  );
  const seconds = (performance.now() - started) / 1000;
  // Every swiping member must now hold exactly one match with each of the others.
  let matches = 0;
  let duplicates = 0;
  const swiperIds = new Set(swipers.map((s) => s.id));
  for (const member of swipers) {
    const { text } = await context.client.send(member, 'GET', '/api/matches');
    const partners = (JSON.parse(text) as { matches: { profile: { userId: string } }[] }).matches
      .map((m) => m.profile.userId)
      .filter((id) => swiperIds.has(id));
    matches += partners.length;
    duplicates += partners.length - new Set(partners).size;
  }
  const result = {
    pairs,
    matches: matches / 2,
    duplicates,
    errors: figures.errors,
    seconds: Math.round(seconds * 10) / 10,
  };
  context.say(
    `  race: ${pairs} pairs liking each other at once → ${result.matches} matches, ${duplicates} duplicates, ${figures.errors} errors`,
  );
  return result;
}
