// npm run seed: demo data for a fresh install, with or without the server running.
import { loadEnv } from '../env';
import { seedDemoData, type SeedResult } from '../modules/seed/service';
import { runThroughServerOrDirect } from './control-channel';

async function main() {
  const env = loadEnv();
  const result = await runThroughServerOrDirect<SeedResult>(env, '/api/control/seed', {}, (services) => seedDemoData(services));
  console.log('Demo data is ready.');
  console.log(`Demo account: ${result.demo.email} / ${result.demo.password}`);
}

main().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
