import { OpenAPIHono } from '@hono/zod-openapi';
import { ZSession } from '../../../../contracts/responses';
import { eq } from 'drizzle-orm';
import { ZMeResponse, type TMeResponse } from '../../../../contracts/auth';
import { user } from '../../db/schema';
import type { AppEnv, Deps, SessionUser } from '../../lib/context';
import { findSession, forwardSessionCookies, isAdminSession, route } from '../../lib/route';
import { getPlanState } from '../plans/service';
import { jsonResponse } from '../../lib/openapi';

async function describeMember(deps: Deps, sessionUser: SessionUser, sessionCreatedAt: Date): Promise<TMeResponse> {
  const [row] = await deps.database.db
    .select({ registration: user.registration, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, sessionUser.id));
  const createdAt = row?.createdAt ?? new Date(sessionUser.createdAt);
  return ZMeResponse.parse({
    user: {
      id: sessionUser.id,
      email: sessionUser.email,
      name: sessionUser.name,
      emailVerified: sessionUser.emailVerified,
      createdAt: createdAt.toISOString(),
    },
    isAdmin: await isAdminSession(deps, sessionUser.id, sessionCreatedAt),
    subscription: await getPlanState(deps.database.db, sessionUser.id, createdAt),
    registration: row?.registration ?? null,
  });
}

export const meRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Account', 'member', 'get', '/api/me', {
      summary: 'The signed-in member, admin flag and plan state',
      responses: { 200: jsonResponse(ZMeResponse, 'The member') },
    }),
    async (c) => c.json(await describeMember(c.get('deps'), c.get('user'), c.get('sessionCreatedAt')), 200),
  )
  .openapi(
    route('Account', 'public', 'get', '/api/session', {
      summary: 'The same as /api/me, or null for a visitor (the web app asks this on every load)',
      responses: { 200: jsonResponse(ZSession, 'The member or null') },
    }),
    async (c) => {
      const deps = c.get('deps');
      const found = await findSession(deps, c.req.raw.headers);
      if (found) forwardSessionCookies(c, found);
      return c.json({ me: found ? await describeMember(deps, found.user, found.createdAt) : null }, 200);
    },
  );
