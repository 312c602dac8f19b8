import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { factoryAdmin, factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import type { TestClient } from '../../test/test-client';
import { tableFingerprint } from '../../test/fingerprint';
import { EXPOSED_AUTH_ROUTES } from '../auth/routes';

const suite = serverSuite();

/** Runs per route and principal (a member, an admin, a visitor); `FUZZ_RUNS` raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

type Operation = { path: string; method: string; access: string; params: string[]; query: string[] };

/** A discovery cursor as the server writes one, around a crafted score and id. */
const cursor = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('', '0b1', '1e39', '-1e39', 'Infinity', 'NaN', '0x10', ' 1', '1_000'),
      fc.string(),
      fc.double().map(String),
    ),
    fc.oneof(fc.string(), fc.constant("a'b"), fc.constant('\u0000')),
  )
  .map((pair) => Buffer.from(JSON.stringify(pair)).toString('base64url'));

/**
 * Strings that have broken servers before: SQL and JSON metacharacters, huge, odd Unicode,
 * prototype keys, NUL and other control characters, 4-byte characters up to the longest valid
 * message, and crafted paging cursors.
 */
const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table profiles; --',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '%00',
    '\u0000',
    'a\u0000b',
    '\u202e',
    '😀'.repeat(50),
    '😀'.repeat(1000),
    '\u0001'.repeat(2000),
    'NaN',
    '-1',
    '1e309',
    '<script>alert(1)</script>',
  ),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  cursor,
  fc.uuid(),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 6 }),
);
const body = fc.oneof(
  fc.dictionary(
    fc.oneof(
      nasty,
      fc.constantFrom(
        'content',
        'targetId',
        'password',
        'reason',
        'name',
        'enabled',
        'userId',
        'role',
        'is_admin',
        'verified',
        'email',
        'cursor',
      ),
    ),
    value,
  ),
  value,
);

const fingerprint = () => tableFingerprint(suite.server);

describe(`fuzzing every route on ${testDatabaseKind}`, () => {
  it(
    'never answers a 5xx, always answers errors in the one shape, and a rejected write leaves nothing behind',
    { timeout: 600_000 + RUNS * 20_000 },
    async () => {
      const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Fay' } });
      const admin = await factoryAdmin(suite.server);
      type Doc = {
        paths: Record<string, Record<string, { 'x-access'?: string; parameters?: { in: string; name: string }[] }>>;
      };
      const doc = (await suite.server.client().json<Doc>('GET', '/api/openapi.json')).body;
      const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          path,
          method: method.toUpperCase(),
          access: op['x-access'] ?? '',
          params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        })),
      );
      // better-auth's exposed routes are in the document too (x-access auth), and are fuzzed with ours.
      expect(operations.filter((op) => op.access === 'auth')).toHaveLength(EXPOSED_AUTH_ROUTES.length);
      for (const op of operations)
        if (op.access === 'auth' && op.method === 'GET') op.query.push('token', 'callbackURL');
      // Deleting the account or the session would end the run early; both are tested on their own.
      const fuzzed = operations.filter(
        (op) =>
          op.access !== 'control' &&
          op.access !== 'dev' &&
          op.path !== '/api/account/delete' &&
          op.path !== '/api/auth/sign-out',
      );
      const failures: string[] = [];
      let requests = 0;

      for (const op of fuzzed) {
        for (const client of [member.client, admin.client, suite.server.client()] as TestClient[]) {
          const before = op.method === 'GET' ? null : await fingerprint();
          let accepted = false;
          await fc.assert(
            fc.asyncProperty(
              fc.array(nasty, { minLength: op.params.length, maxLength: op.params.length }),
              fc.dictionary(fc.constantFrom(...op.query, 'x'), nasty),
              body,
              async (params, query, payload) => {
                let path = op.path;
                op.params.forEach(
                  (name, i) => (path = path.replace(`{${name}}`, encodeURIComponent(params[i] || 'x'))),
                );
                const search = new URLSearchParams(query as Record<string, string>).toString();
                const response = await client.request(
                  op.method,
                  search ? `${path}?${search}` : path,
                  op.method === 'GET' ? undefined : payload,
                );
                requests++;
                const text = await response.text();
                if (response.status >= 500)
                  failures.push(`${op.method} ${op.path}: ${response.status} ${text.slice(0, 200)}`);
                if (response.status < 300) accepted = true;
                if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
                  const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
                  if (typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string')
                    failures.push(`${op.method} ${op.path}: error without the one shape`);
                }
                if (/at .+\.ts:\d+|node_modules|syntax error at or near/i.test(text))
                  failures.push(`${op.method} ${op.path}: internals in the answer`);
              },
            ),
            { numRuns: RUNS, seed: 20261122 },
          );
          if (before !== null && !accepted && (await fingerprint()) !== before)
            failures.push(`${op.method} ${op.path}: rejected writes changed the database`);
        }
      }
      expect(failures).toEqual([]);
      console.info(`fuzzing: ${fuzzed.length} routes, ${requests} requests, ${failures.length} suite.server errors`);
    },
  );
});
