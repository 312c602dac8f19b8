// The floor of /api/health: the smallest Hono server running the same query on the same
// PostgreSQL, measured beside ours in every PostgreSQL run. What /api/health costs above it is
// our middleware, routing and drivers.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

// The server's pool: ten connections, JIT off (db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
const app = new Hono().get('/', async (c) => {
  const { rows } = await pool.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  return c.json({ status: 'ok', migrationsApplied: rows[0]!.count });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
