import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { attachRealtime } from './realtime/routes';
import { RealtimeHub } from './realtime/hub';
import { BatchedSystemLog } from './lib/batched-system-log';
import { inviteToVerifyPastDates } from './modules/dates/calendar.service';
import { revealDueRatings } from './modules/dates/ratings.service';
import { liftEndedSuspensions } from './modules/admins/users.service';
import { deleteOldAdViews } from './modules/admins/admins.queries';
import { deleteExpiredPastMatches } from './modules/safety/safety.queries';
import { deleteOldJobs } from './jobs/queue';
import { deleteOldReminders } from './modules/reminders/reminders.queries';
import { scheduleSweep } from './modules/reminders/reminders.service';
import { createApp } from './app';
import { configureTrial } from './modules/plans/service';
import { checkpointSecurityLog, configureSecurityLogKey } from './modules/audit/security-log';
import { createAuth, trustedOrigins } from './auth/auth';
import { authHooks } from './modules/auth-hooks';
import { jobHandlers } from './modules/job-handlers';
import { Clock } from './lib/clock';
import { JobRunner } from './jobs/runner';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock';
import { secureDataDir } from './db/data-dir-permissions';
import { openDatabase, type Database } from './db/client';
import type { Env } from './env';
import type { Deps } from './lib/context';
import { createLogger, type Logger } from './lib/logger';
import { createMailer } from './mail/mailer';
import { limitUnrequestedMail } from './mail/unrequested';
import { canonicalEmail } from './modules/safety/returning';
import { createLocalStorage } from './storage/storage';
import { createS3Storage } from './storage/s3-storage';

export type RunningServer = {
  url: string;
  port: number;
  deps: Deps;
  /** Graceful stop: refuse new connections, finish in-flight requests, close the database. */
  close(): Promise<void>;
};

export const pgliteDir = (env: Env) => path.join(env.DATA_DIR, 'pgdata');
export const controlFile = (env: Env) => path.join(env.DATA_DIR, 'control.json');

/** Opens the database (locking DATA_DIR for PGlite), applies migrations, builds the services. */
export async function openServices(env: Env, logger: Logger = createLogger(env.LOG_LEVEL)) {
  configureTrial(env.TRIAL_DAYS);
  configureSecurityLogKey(env.AUTH_SECRET);
  let lock: DataDirLock | null = null;
  secureDataDir(env.DATA_DIR);
  if (!env.DATABASE_URL) lock = acquireDataDirLock(env.DATA_DIR);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: pgliteDir(env) });
    await database.migrate();
    // PGlite writes a new cluster's files with the modes of its bundled image (0666): tightened
    // here, once they exist. Files it creates later follow the process's umask (077).
    if (!env.DATABASE_URL) secureDataDir(env.DATA_DIR);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const mailer = limitUnrequestedMail(
    createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db: database.db, logger, production: env.isProduction }),
    { db: database.db, secret: env.AUTH_SECRET, baseUrl: env.BASE_URL, logger, canonical: canonicalEmail },
  );
  const auth = createAuth({ env, db: database.db, mailer, logger, hooks: authHooks });
  const storage =
    env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? createS3Storage({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        })
      : createLocalStorage(path.join(env.DATA_DIR, 'uploads'));
  const hub = new RealtimeHub(database, logger);
  const batchedLog = new BatchedSystemLog(database, logger);
  const clock = new Clock();
  const jobs = new JobRunner(database.db, clock, logger);
  const close = async () => {
    await jobs.stop();
    await hub.stop();
    await batchedLog.flush();
    await database.close();
    lock?.release();
  };
  return { database, mailer, auth, storage, hub, batchedLog, logger, clock, jobs, close };
}

export async function startServer(env: Env): Promise<RunningServer> {
  const services = await openServices(env);
  const controlToken = env.DATABASE_URL ? null : randomBytes(32).toString('hex');
  const devKey = env.isProduction ? null : (env.DEV_TOOLS_KEY ?? randomBytes(24).toString('base64url'));
  const deps: Deps = { env, controlToken, devKey, ...services };
  const app = createApp(deps);
  services.jobs.setHandlers(jobHandlers(deps));

  await services.hub.start();
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s as Server));
    attachRealtime(s as Server, deps, trustedOrigins(env));
  });
  const port = (server.address() as AddressInfo).port;
  if (controlToken) {
    fs.writeFileSync(controlFile(env), JSON.stringify({ pid: process.pid, port, token: controlToken }), {
      mode: 0o600,
    });
  }
  services.logger.info({ url: env.BASE_URL, port, database: services.database.kind }, 'Vouch is listening');
  // The outbox's link goes to whoever started the server, on their terminal: the key in it is
  // what keeps the outbox (sign-in links for every account) from other accounts on this machine.
  if (devKey && !env.DEV_TOOLS_KEY && env.NODE_ENV !== 'test')
    console.log(`Development outbox (mail the server would send): ${env.BASE_URL}/dev/mail#key=${devKey}`);

  // Time-driven rules, at start and then every 10 minutes: ratings left alone for 14 days are
  // revealed, members whose date has passed are invited to verify it, ended suspensions lift,
  // and past matches older than 30 days go.
  const sweep = () =>
    Promise.all([
      revealDueRatings(services.database.db),
      inviteToVerifyPastDates(services.database.db, services.clock.now()),
      liftEndedSuspensions(services.database.db),
      deleteExpiredPastMatches(services.database.db),
      deleteOldAdViews(services.database.db),
      deleteOldJobs(services.database.db),
      deleteOldReminders(services.database.db),
    ]).catch((error: unknown) => services.logger.warn({ err: error }, 'a scheduled sweep failed'));
  void sweep();
  // The security log's head, copied outside the database (DATA_DIR) and into the log output.
  const checkpoint = () =>
    checkpointSecurityLog(services.database.db, env.DATA_DIR, services.logger).catch((error: unknown) =>
      services.logger.warn({ err: error }, 'the security log head could not be copied'),
    );
  void checkpoint();
  const checkpoints = setInterval(() => void checkpoint(), 60_000);
  checkpoints.unref();
  const sweeper = setInterval(sweep, 10 * 60_000);
  sweeper.unref();
  // The reminder sweep's next slot; each sweep enqueues the one after (reminders.service.ts).
  await scheduleSweep(services.database.db, services.clock.now());
  services.jobs.start(env.JOB_POLL_MS);

  let closing: Promise<void> | null = null;
  /**
   * Shutdown: stop taking connections, say goodbye to sockets (1001) at once, since an open
   * WebSocket would otherwise hold the server open, let requests in flight finish (20 s at
   * most), then let go of the database.
   */
  const close = () =>
    (closing ??= (async () => {
      clearInterval(sweeper);
      clearInterval(checkpoints);
      const drained = new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 20_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
      });
      services.hub.closeSockets();
      server.closeIdleConnections();
      await drained;
      if (controlToken) fs.rmSync(controlFile(env), { force: true });
      await services.close();
    })());

  return { url: `http://127.0.0.1:${port}`, port, deps, close };
}
