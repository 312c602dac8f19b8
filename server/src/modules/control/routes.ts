import { ZAdminPromoted, ZSeedJob } from '../../../../contracts/responses';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { EmailSchema } from '../../../../contracts/auth';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import { createOrPromoteAdmin } from '../admins/service';
import { seedJob, startSeedJob } from '../seed/jobs';

/**
 * Lets `npm run admin:create` and `npm run seed` act while the server holds the PGlite
 * directory. Only a caller that can read the 0600 token file inside DATA_DIR gets past the guard.
 * Seeding 100,000 members outlasts any one request: it runs as a job (seed/jobs.ts) the CLI follows.
 */
export const controlRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Control', 'control', 'post', '/api/control/admins', {
      summary: 'Create or promote an administrator (local CLI only)',
      request: {
        body: jsonBody(z.object({ email: EmailSchema, password: z.string().min(8).max(128).optional() })),
      },
      responses: {
        200: jsonResponse(ZAdminPromoted, 'Promoted'),
      },
    }),
    async (c) => {
      const { email, password } = c.req.valid('json');
      return c.json(await createOrPromoteAdmin(c.get('deps'), email, password), 200);
    },
  )
  .openapi(
    route('Control', 'control', 'post', '/api/control/seed', {
      summary: 'Start loading the demo data (local CLI only)',
      request: {
        body: jsonBody(z.object({ profiles: z.number().int().min(0).max(100_000).optional() })),
      },
      responses: {
        202: jsonResponse(ZSeedJob, 'Started; follow it at /api/control/seed/{jobId}'),
        400: errorResponse('Invalid body'),
        409: errorResponse('A seed is already running'),
      },
    }),
    (c) => c.json(startSeedJob(c.get('deps'), c.req.valid('json')), 202),
  )
  .openapi(
    route('Control', 'control', 'get', '/api/control/seed/{jobId}', {
      summary: 'How far a seed job is (local CLI only)',
      request: { params: z.object({ jobId: z.uuid() }) },
      responses: { 200: jsonResponse(ZSeedJob, 'The job'), 404: errorResponse('No such job') },
    }),
    (c) => c.json(seedJob(c.get('deps'), c.req.valid('param').jobId), 200),
  );
