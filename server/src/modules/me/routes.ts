import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { ZMeResponse } from '../../../../contracts/auth';
import { ZErrorBody } from '../../../../contracts/errors';
import { user } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { defineRoute, isAdmin } from '../../lib/route';
import { getPlanState } from '../plans/service';

const getMe = defineRoute('member', {
  method: 'get',
  path: '/api/me',
  tags: ['Account'],
  summary: 'The signed-in member, admin flag and plan state',
  responses: {
    200: { description: 'The member', content: { 'application/json': { schema: ZMeResponse } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ZErrorBody } } },
  },
});

export const meRoutes = new OpenAPIHono<AppEnv>().openapi(getMe, async (c) => {
  const deps = c.get('deps');
  const sessionUser = c.get('user');
  const [row] = await deps.database.db
    .select({ registration: user.registration, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, sessionUser.id));
  const createdAt = row?.createdAt ?? new Date(sessionUser.createdAt);
  const body = ZMeResponse.parse({
    user: {
      id: sessionUser.id,
      email: sessionUser.email,
      name: sessionUser.name,
      emailVerified: sessionUser.emailVerified,
      createdAt: createdAt.toISOString(),
    },
    isAdmin: await isAdmin(deps, sessionUser.id),
    subscription: await getPlanState(deps.database.db, sessionUser.id, createdAt),
    registration: row?.registration ?? null,
  });
  return c.json(body, 200);
});
