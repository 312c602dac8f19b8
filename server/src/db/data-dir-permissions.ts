import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database (sessions and all), uploads and the control token: only the account
 * that runs the server may read it. New files are created owner-only (umask 077), and what an
 * older version left readable is tightened at start: directories 0700, files 0600.
 */
export function secureDataDir(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads (the test runner's) may not set the umask; the walk below still applies.
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Followed to where it really is (a link to a folder is tightened like the folder), and refused
  // if another account owns it: it could read or swap what we keep there, our chmod notwithstanding.
  const real = fs.realpathSync(dataDir);
  const owner = fs.statSync(real).uid;
  if (process.getuid && owner !== process.getuid())
    throw new Error(
      `DATA_DIR ${dataDir}${real === path.resolve(dataDir) ? '' : ` (${real})`} belongs to another account (uid ${owner}): ` +
        'choose a folder of your own, or remove it and let the server create it.',
    );
  tighten(real);
}

function tighten(target: string): void {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(target, 0o700);
    for (const entry of fs.readdirSync(target)) tighten(path.join(target, entry));
  } else if ((stat.mode & 0o077) !== 0) {
    fs.chmodSync(target, stat.mode & 0o700);
  }
}
