import os from 'node:os';
import path from 'node:path';

/** The e2e server's data directory: one per run, removed when the server stops. */
export const e2eDataDir = path.join(os.tmpdir(), `vouch-e2e-${process.env.E2E_RUN_ID ?? 'local'}`);
