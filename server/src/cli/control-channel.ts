import fs from 'node:fs';
import { lockHolder } from '../db/data-dir-lock';
import type { Env } from '../env';
import { createLogger } from '../lib/logger';
import { controlFile, openServices } from '../server';

type Services = Awaited<ReturnType<typeof openServices>>;

/**
 * Runs a CLI action whether or not the server is up. While a server holds the PGlite
 * directory, the action goes through that server, authenticated by the token file only the
 * machine's owner can read. Otherwise the CLI opens the database itself.
 */
export async function runThroughServerOrDirect<T>(
  env: Env,
  controlPath: string,
  body: unknown,
  direct: (services: Services) => Promise<T>,
): Promise<T> {
  const holder = env.DATABASE_URL ? null : lockHolder(env.DATA_DIR);
  if (holder !== null) {
    const { port, token } = JSON.parse(fs.readFileSync(controlFile(env), 'utf8')) as { port: number; token: string };
    const response = await fetch(`http://127.0.0.1:${port}${controlPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-control-token': token },
      body: JSON.stringify(body),
    });
    const data = (await response.json()) as T & { error?: { message: string } };
    if (!response.ok) throw new Error(data.error?.message ?? `The server answered ${response.status}`);
    return data;
  }
  const services = await openServices(env, createLogger('warn'));
  try {
    return await direct(services);
  } finally {
    await services.close();
  }
}
