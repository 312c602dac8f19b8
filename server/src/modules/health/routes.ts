import { OpenAPIHono } from '@hono/zod-openapi';
import { ZHealth } from '../../../../contracts/responses';
import type { AppEnv } from '../../lib/context';
import { jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';

export const healthRoutes = new OpenAPIHono<AppEnv>().openapi(
  route('System', 'public', 'get', '/api/health', {
    summary: 'Liveness, database kind and migration state',
    responses: {
      200: jsonResponse(ZHealth, 'Healthy'),
      503: jsonResponse(ZHealth, 'The database does not answer'),
    },
  }),
  async (c) => {
    const { database } = c.get('deps');
    const uptimeSeconds = Math.round(process.uptime());
    try {
      const migrationsApplied = await database.migrationCount();
      return c.json(
        { status: 'ok' as const, database: { kind: database.kind, migrationsApplied, reachable: true }, uptimeSeconds },
        200,
      );
    } catch {
      return c.json(
        {
          status: 'degraded' as const,
          database: { kind: database.kind, migrationsApplied: 0, reachable: false },
          uptimeSeconds,
        },
        503,
      );
    }
  },
);
