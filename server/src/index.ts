import { ConfigError, loadEnv } from './env';
import { DataDirInUseError } from './db/data-dir-lock';
import { startServer } from './server';

async function main() {
  const env = loadEnv();
  const running = await startServer(env);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.deps.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    await running.close();
    running.deps.logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // With node --expose-gc (as the benchmark starts it), SIGUSR2 collects garbage at once, so a
  // memory reading counts what is live rather than what the collector has not reached yet.
  process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(`Vouch cannot start. ${error.message}`);
  } else {
    console.error('Vouch failed to start:', error);
  }
  process.exit(1);
});
