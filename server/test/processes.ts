import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

export type Finished = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/**
 * Runs one of our entry points (server or CLI) as a real process. `direct` runs Node itself
 * with tsx as a loader, so the child is the server and SIGKILL reaches it (the tsx command
 * starts Node as a child of its own, which a SIGKILL to tsx would leave running).
 */
export function startProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
  options: { direct?: boolean } = {},
) {
  // Vitest exports Vite's BASE_URL ('/'): not ours, so the child must not inherit it.
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  const command = options.direct
    ? ([process.execPath, ['--import', 'tsx', script, ...args]] as const)
    : ([tsx, [script, ...args]] as const);
  const child = spawn(command[0], command[1], { cwd: root, env: { ...inherited, LOG_LEVEL: 'warn', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const finished = new Promise<Finished>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, finished };
}

export async function runProcess(script: string, args: string[], env: Record<string, string>): Promise<Finished> {
  return startProcess(script, args, env).finished;
}

export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy`);
}
