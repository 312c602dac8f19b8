// The server the browser tests drive: built web app, a fresh embedded database.
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { bin, ensureWebBuild, root } from './lib.mjs';

ensureWebBuild();
fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const server = spawn(bin('tsx'), ['server/src/index.ts'], { stdio: 'inherit', cwd: root });
const stop = () => {
  server.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
  process.exit(code ?? 0);
});
