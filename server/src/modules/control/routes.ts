import { OpenAPIHono, z } from '@hono/zod-openapi';
import { EmailSchema } from '../../../../contracts/auth';
import { ZErrorBody } from '../../../../contracts/errors';
import type { AppEnv } from '../../lib/context';
import { defineRoute } from '../../lib/route';
import { createOrPromoteAdmin } from '../admins/service';
import { seedDemoData } from '../seed/service';

/**
 * Lets `npm run admin:create` act while the server holds the PGlite directory. Only a
 * caller that can read the 0600 token file inside DATA_DIR gets past the guard.
 */
const createAdmin = defineRoute('control', {
  method: 'post',
  path: '/api/control/admins',
  tags: ['Control'],
  summary: 'Create or promote an administrator (local CLI only)',
  request: {
    body: {
      content: {
        'application/json': { schema: z.object({ email: EmailSchema, password: z.string().min(8).max(128).optional() }) },
      },
    },
  },
  responses: {
    200: {
      description: 'Promoted',
      content: {
        'application/json': {
          schema: z.object({ userId: z.string(), email: z.string(), created: z.boolean(), password: z.string().optional() }),
        },
      },
    },
    401: { description: 'No valid token', content: { 'application/json': { schema: ZErrorBody } } },
  },
});

const seed = defineRoute('control', {
  method: 'post',
  path: '/api/control/seed',
  tags: ['Control'],
  summary: 'Load the demo data (local CLI only)',
  request: { body: { content: { 'application/json': { schema: z.object({ profiles: z.number().int().min(0).max(100_000).optional() }) } } } },
  responses: {
    200: {
      description: 'Seeded',
      content: {
        'application/json': {
          schema: z.object({
            demo: z.object({ email: z.string(), password: z.string(), created: z.boolean() }),
            membersCreated: z.number(),
            membersTotal: z.number(),
          }),
        },
      },
    },
    401: { description: 'No valid token', content: { 'application/json': { schema: ZErrorBody } } },
  },
});

export const controlRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createAdmin, async (c) => {
    const { email, password } = c.req.valid('json');
    return c.json(await createOrPromoteAdmin(c.get('deps'), email, password), 200);
  })
  .openapi(seed, async (c) => c.json(await seedDemoData(c.get('deps'), c.req.valid('json')), 200));
