// Signs the session members in over HTTP, as the web app does, and keeps their cookies.
import { BENCH_PASSWORD, sessionEmail } from './seed';
import type { HttpClient } from './load';

export type Session = { index: number; id: string; cookie: string };

export async function signInSessions(client: HttpClient, count: number): Promise<Session[]> {
  const sessions: Session[] = [];
  const indexes = Array.from({ length: count }, (_, i) => i + 1);
  // Four at a time: the password hash is deliberately slow.
  for (let start = 0; start < indexes.length; start += 4) {
    await Promise.all(
      indexes.slice(start, start + 4).map(async (i) => {
        const response = await client.request(
          'POST',
          '/api/auth/sign-in/email',
          {},
          { email: sessionEmail(i), password: BENCH_PASSWORD },
        );
        if (response.status !== 200)
          throw new Error(`sign-in of ${sessionEmail(i)} answered ${response.status}: ${response.text}`);
        const cookies = ([] as string[])
          .concat(response.headers['set-cookie'] ?? [])
          .map((line) => line.split(';')[0]!);
        sessions[i - 1] = { index: i, id: `s${i}`, cookie: cookies.join('; ') };
      }),
    );
  }
  return sessions;
}
