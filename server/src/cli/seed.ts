// npm run seed [-- --profiles N]: demo data for a fresh install, with or without the server running.
import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { seedDemoData, type SeedResult } from '../modules/seed/service';
import { runJobThroughServerOrDirect } from './control-channel';
import { phasedProgress } from './progress';

async function main() {
  const { values } = parseArgs({ options: { profiles: { type: 'string', default: '60' } } });
  const profiles = Number(values.profiles);
  if (!Number.isInteger(profiles) || profiles < 0 || profiles > 100_000) {
    console.error('Usage: npm run seed -- [--profiles N]   (N from 0 to 100000, default 60)');
    process.exit(2);
  }
  const env = loadEnv();
  console.log(`Seeding ${profiles.toLocaleString('en-US')} members with drawn portraits...`);
  const progress = phasedProgress();
  const result = await runJobThroughServerOrDirect<SeedResult>(
    env,
    '/api/control/seed',
    { profiles },
    progress.update,
    (services, onProgress) => seedDemoData(services, { profiles, onProgress }),
  ).catch((error: unknown) => {
    progress.stop();
    throw error;
  });
  progress.finish();
  console.log(`Demo data is ready: ${result.membersCreated} new members, ${result.membersTotal} profiles in all.`);
  console.log(`Demo account: ${result.demo.email} / ${result.demo.password}`);
}

main().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
