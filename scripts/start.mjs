// `npm start`: install what is missing, build the web app if it changed, then serve
// everything (migrations run as the server starts) on http://localhost:3000.
import { spawn } from 'node:child_process';
import { bin, ensureDependencies, ensureWebBuild, log, root } from './lib.mjs';

ensureDependencies();
ensureWebBuild();
log(`Starting Vouch on http://localhost:${process.env.PORT ?? 3000} ...`);
const server = spawn(bin('tsx'), ['server/src/index.ts'], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
