import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from '../../../scripts/lib.mjs';
import { startTestServer, testDatabaseKind, type TestServer } from '../../test/test-server';

const root = path.resolve(import.meta.dirname, '../../..');
const migrations = path.join(root, 'server/src/db/migrations');
type Snapshot = {
  id: string;
  prevId: string;
  tables: Record<
    string,
    {
      indexes: Record<string, unknown>;
      compositePrimaryKeys: Record<string, unknown>;
      uniqueConstraints: Record<string, unknown>;
    }
  >;
};
type Journal = { entries: { idx: number; tag: string }[] };
const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as Journal;
const snapshot = (idx: number) =>
  JSON.parse(
    fs.readFileSync(path.join(migrations, `meta/${String(idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
  ) as Snapshot;

/** Indexes Drizzle cannot declare (INCLUDE columns): they live in their migration alone. */
const UNDECLARABLE = ['profiles_discovery_idx', 'profiles_gender_discovery_idx'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe(`the schema and the migrations on ${testDatabaseKind}`, () => {
  it('has a snapshot for every migration, each following the one before', () => {
    let previous: string | null = null;
    for (const { idx, tag } of journal.entries) {
      const file = path.join(migrations, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`);
      expect(fs.existsSync(file), `${tag} has a snapshot`).toBe(true);
      const { id, prevId } = snapshot(idx);
      if (previous) expect(prevId, `${tag} follows the snapshot before it`).toBe(previous);
      previous = id;
    }
  });

  it('declares in the schema every index the migrations create', async () => {
    const latest = snapshot(journal.entries.at(-1)!.idx);
    const declared = new Set(
      Object.values(latest.tables).flatMap((t) => [
        ...Object.keys(t.indexes),
        ...Object.keys(t.compositePrimaryKeys),
        ...Object.keys(t.uniqueConstraints),
      ]),
    );
    const { rows } = await server.deps.database.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    const undeclared = rows.map((r) => r.indexname).filter((name) => !name.endsWith('_pkey') && !declared.has(name));
    expect(undeclared.sort()).toEqual([...UNDECLARABLE].sort());
  });

  it('leaves drizzle-kit nothing to generate: the schema and the latest snapshot agree', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-migrations-'));
    fs.cpSync(migrations, out, { recursive: true });
    const config = path.join(root, `.drizzle-check-${process.pid}.config.ts`);
    // drizzle-kit reads its paths relative to the working directory.
    fs.writeFileSync(
      config,
      `export default { dialect: 'postgresql', schema: './server/src/db/schema/index.ts', out: './${path.relative(root, out)}', casing: 'snake_case' };\n`,
    );
    try {
      const result = spawnSync(bin('drizzle-kit'), ['generate', '--config', config, '--name', 'check'], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(result.stdout + result.stderr).toContain('No schema changes');
      expect(fs.readdirSync(out).filter((file) => file.endsWith('.sql'))).toEqual(
        fs.readdirSync(migrations).filter((file) => file.endsWith('.sql')),
      );
    } finally {
      fs.rmSync(config, { force: true });
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
