import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** The e2e server's data directory: one per run, removed when the server stops. */
export const e2eDataDir = path.join(os.tmpdir(), `vouch-e2e-${process.env.E2E_RUN_ID ?? 'local'}`);

/** The payment page Go Premium opens in the browser tests; they answer it themselves (no network). */
export const PAYMENT_URL = 'https://pay.vouch.test/vouch-dating';

/**
 * The development tools' key the e2e server starts with (DEV_TOOLS_KEY), as its owner would have
 * it from the link printed at start: made once per run by the runner, which its workers inherit.
 */
process.env.E2E_DEV_KEY ??= randomBytes(24).toString('hex');
export const E2E_DEV_KEY = process.env.E2E_DEV_KEY;
