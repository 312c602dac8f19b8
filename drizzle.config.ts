import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: it needs no database. Migrations are applied by the
// server at start-up, with PGlite's extensions loaded (see server/src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
  casing: 'snake_case',
});
