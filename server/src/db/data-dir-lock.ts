import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock between processes: two writers on one directory silently lose data.
 * The owner of DATA_DIR keeps a lock file holding its pid; a second process refuses to start.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is already in use by process ${pid}. Stop that process or choose another DATA_DIR.`);
  }
}

export type DataDirLock = { release(): void };

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, 'vouch.lock');
}

/** The pid holding the directory, or null when it is free (a stale lock counts as free). */
export function lockHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockFilePath(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return {
        release() {
          if (lockHolder(dataDir) === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new DataDirInUseError(dataDir, holder);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
