// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot
// reload, which proxies /api to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { bin, ensureDependencies, log, root } from './lib.mjs';

ensureDependencies();
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/src/index.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: { BASE_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn(bin('vite'), [], { stdio: 'inherit', cwd: root }),
];
log('Web app with hot reload: http://localhost:5173 (API on :3000)');
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
