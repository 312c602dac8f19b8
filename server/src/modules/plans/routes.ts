import { OpenAPIHono } from '@hono/zod-openapi';
import { ZBoostStatus, ZLikesReceived, ZUpgradeResponse } from '../../../../contracts/plans';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import { likesReceived } from '../discovery/likes.service';
import { boostStatus, startBoost, startUpgrade } from './premium.service';

export const planRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Plans', 'member', 'post', '/api/plans/upgrade', {
      summary:
        'Go Premium: log the attempt and get the payment page (Premium starts when an admin confirms the payment)',
      responses: { 200: jsonResponse(ZUpgradeResponse, 'Where to pay') },
    }),
    async (c) => {
      const { database, env } = c.get('deps');
      return c.json(await startUpgrade(database.db, c.var.user.id, env.PAYMENT_URL, env.BASE_URL), 200);
    },
  )
  .openapi(
    route('Plans', 'member', 'get', '/api/likes/received', {
      summary: 'Who liked me: the count for everyone, the list with Premium',
      responses: { 200: jsonResponse(ZLikesReceived, 'Likes waiting for an answer') },
    }),
    async (c) => c.json(await likesReceived(c.var.db, c.var.user.id), 200),
  )
  .openapi(
    route('Plans', 'member', 'get', '/api/boost', {
      summary: "Today's boost: running, used, or available",
      responses: { 200: jsonResponse(ZBoostStatus, 'Boost status') },
    }),
    async (c) => c.json(await boostStatus(c.var.db, c.var.user.id), 200),
  )
  .openapi(
    route('Plans', 'member', 'post', '/api/boost', {
      summary: 'Boost my profile: 30 minutes first in discovery, once a day (Premium)',
      responses: {
        200: jsonResponse(ZBoostStatus, 'Boost running'),
        403: errorResponse('Premium required'),
        429: errorResponse("Today's boost is used"),
      },
    }),
    async (c) => c.json(await startBoost(c.var.db, c.var.user.id), 200),
  );
