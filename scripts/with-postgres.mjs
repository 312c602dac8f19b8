// Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL 15 cluster.
// Example: node scripts/with-postgres.mjs npx vitest run --project api
import { runAsync } from './lib.mjs';
import { ensurePostgresBinaries, startPostgresCluster } from './postgres-cluster.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command || !ensurePostgresBinaries()) {
  console.error('Usage: node scripts/with-postgres.mjs <command> [args] (needs Debian postgresql-15)');
  process.exit(2);
}
const cluster = await startPostgresCluster();
let code = 1;
try {
  code = await runAsync(command, args, {
    env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: cluster.url },
  });
} finally {
  cluster.stop();
}
process.exit(code);
