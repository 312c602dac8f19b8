import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Auth } from '../auth/auth';
import type { Mailer } from '../mail/mailer';
import type { Storage } from '../storage/storage';
import type { RealtimeHub } from '../realtime/hub';
import type { BatchedSystemLog } from './batched-system-log';
import type { Logger } from './logger';
import type { Clock } from './clock';
import type { JobRunner } from '../jobs/runner';

/** Everything a request handler may need, built once at start-up. */
export type Deps = {
  env: Env;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  hub: RealtimeHub;
  /** System log entries written in batches (see BatchedSystemLog). */
  batchedLog: BatchedSystemLog;
  logger: Logger;
  /** The time scheduled work goes by (jobs, check-ins); tests move it on. */
  clock: Clock;
  /** Due jobs, run by every server, each by one (jobs/). */
  jobs: JobRunner;
  /** Secret shared with local CLI commands through a 0600 file in DATA_DIR. */
  controlToken: string | null;
  /**
   * What the development tools (/dev/mail, /api/dev/*) ask for besides a loopback address: any
   * local account reaches loopback, only the owner saw the link printed at start. Null in production.
   */
  devKey: string | null;
};

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
  banned?: boolean | null;
  /** The subscription row, read with the session (a member's plan is derived from it and createdAt). */
  subscription: { active: boolean; tier: string; expiresAt: Date | null } | null;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    deps: Deps;
    /** deps.database.db, the handle most handlers query with. */
    db: Database['db'];
    /** The caller's address, fixed once per API request (app.ts, apiDefaults). */
    clientIp: string;
    user: SessionUser;
    sessionId: string;
    sessionCreatedAt: Date;
  };
};
