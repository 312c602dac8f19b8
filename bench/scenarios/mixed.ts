// A day in the life: 70% discovery, 25% like/pass, 5% chat messages, at a fixed 500 requests a
// second, with the chat scenario's sockets still open. Latency per kind of request.
import { openLoop, summarise, type Figures } from '../lib/load';
import { prng } from '../../server/src/lib/random';
import { fixedRate, ok, type ScenarioContext } from './context';
import { discoveryMix, discoveryPath } from './discovery';
import { swipeSender } from './swipes';

export type MixedResults = {
  rate: number;
  overall: Figures;
  byKind: Record<'discover' | 'swipe' | 'message', Figures>;
};

export async function runMixed(
  context: ScenarioContext,
  conversation: { id: string; cookie: string },
  capacity: number,
): Promise<MixedResults> {
  const mix = discoveryMix(context.tier, 4096, 7);
  const swipe = swipeSender(context);
  const random = prng(11);
  const latencies: Record<keyof MixedResults['byKind'], number[]> = { discover: [], swipe: [], message: [] };
  const timed = async (kind: keyof MixedResults['byKind'], work: () => Promise<boolean>) => {
    const started = performance.now();
    const result = await work();
    latencies[kind].push(performance.now() - started);
    return result;
  };
  const sessions = context.sessions;
  // Half the estimated capacity, as for discovery: at 80% the mix still queued up (the estimate
  // leaves out the sockets and the fan-out of messages).
  const rate = fixedRate(500, capacity * 0.625);
  const overall = await openLoop(rate, context.seconds, async (k) => {
    const roll = random();
    if (roll < 0.7) {
      const request = mix[k % mix.length]!;
      return timed('discover', async () =>
        ok((await context.client.send(sessions[request.session - 1]!, 'GET', discoveryPath(request))).status),
      );
    }
    if (roll < 0.95) return timed('swipe', swipe);
    return timed('message', async () =>
      ok(
        (
          await context.client.send(conversation, 'POST', `/api/conversations/${conversation.id}/messages`, {
            content: `mixed ${k}`,
            clientKey: crypto.randomUUID(),
          })
        ).status,
      ),
    );
  });
  const byKind = Object.fromEntries(
    Object.entries(latencies).map(([kind, list]) => [kind, summarise(list, overall.seconds)]),
  ) as MixedResults['byKind'];
  context.say(
    `  mixed at ${rate}/s: p50 ${overall.p50} / p95 ${overall.p95} / p99 ${overall.p99} ms, ${overall.errors} errors (discover p99 ${byKind.discover.p99}, swipe p99 ${byKind.swipe.p99}, message p99 ${byKind.message.p99})`,
  );
  return { rate, overall, byKind };
}
