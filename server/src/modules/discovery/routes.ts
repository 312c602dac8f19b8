import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZMatchList, ZOk } from '../../../../contracts/responses';
import {
  ZDiscoverPage,
  ZDiscoverQuery,
  ZLikeRequest,
  ZLikeResponse,
  ZLikesStatus,
  ZLocationUpdate,
  FREE_DAILY_LIKES,
} from '../../../../contracts/discovery';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import { saveLocation } from '../profiles/profiles.service';
import { findDiscoverPage } from './discovery.service';
import { likeProfile, likesLeftToday, passProfile } from './likes.service';
import { sessionPlan } from '../plans/service';
import { listMatches, markMatchAnnounced } from './matches.service';

export const discoveryRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Discovery', 'member', 'get', '/api/discover', {
      summary: 'One page of profiles, best score first (keyset paging with `cursor`)',
      request: { query: ZDiscoverQuery },
      responses: { 200: jsonResponse(ZDiscoverPage, 'A page of cards'), 400: errorResponse('Invalid filters') },
    }),
    async (c) => c.json(await findDiscoverPage(c.get('deps'), c.var.user.id, c.req.valid('query')), 200),
  )
  .openapi(
    route('Discovery', 'member', 'post', '/api/likes', {
      summary: 'Like a profile; a mutual like creates the match and its conversation',
      request: { body: jsonBody(ZLikeRequest) },
      responses: {
        200: jsonResponse(ZLikeResponse, 'Recorded (or already recorded)'),
        404: errorResponse('No such profile'),
        429: errorResponse('Daily like limit reached'),
      },
    }),
    async (c) => {
      const { targetId, superLike } = c.req.valid('json');
      const viewer = c.get('user');
      const premium = sessionPlan(viewer).tier === 'premium';
      return c.json(
        await likeProfile(c.var.db, {
          viewerId: viewer.id,
          targetId,
          superLike: superLike ?? false,
          premium,
        }),
        200,
      );
    },
  )
  .openapi(
    route('Discovery', 'member', 'post', '/api/passes', {
      summary: 'Pass on a profile: hidden from discovery for 30 days',
      request: { body: jsonBody(z.object({ targetId: z.string().min(1).max(64) })) },
      responses: {
        200: jsonResponse(ZOk, 'Recorded'),
        404: errorResponse('No such profile'),
      },
    }),
    async (c) => {
      await passProfile(c.var.db, c.var.user.id, c.req.valid('json').targetId);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route('Discovery', 'member', 'get', '/api/likes/status', {
      summary: 'Likes left today under the member plan',
      responses: { 200: jsonResponse(ZLikesStatus, 'The quota') },
    }),
    async (c) => {
      const quota = await likesLeftToday(c.var.db, c.var.user.id);
      return c.json(
        { likesLeft: quota.left, dailyLimit: quota.tier === 'free' ? FREE_DAILY_LIKES : null, tier: quota.tier },
        200,
      );
    },
  )
  .openapi(
    route('Discovery', 'member', 'get', '/api/matches', {
      summary: "The member's matches, newest first",
      responses: { 200: jsonResponse(ZMatchList, 'Matches') },
    }),
    async (c) => c.json({ matches: await listMatches(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Discovery', 'member', 'post', '/api/matches/{matchId}/seen', {
      summary: "Record that the member has seen 'It's a match!'",
      request: { params: z.object({ matchId: z.uuid() }) },
      responses: {
        200: jsonResponse(ZOk, 'Recorded'),
        404: errorResponse('Not a match of yours'),
      },
    }),
    async (c) => {
      await markMatchAnnounced(c.var.db, c.var.user.id, c.req.valid('param').matchId);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route('Profile', 'member', 'put', '/api/profile/location', {
      summary:
        'Share a position; it is stored snapped to a ~2 km grid and never shown to anyone. Moves are limited: 12 a day, none faster than 1,000 km/h',
      request: { body: jsonBody(ZLocationUpdate) },
      responses: {
        200: jsonResponse(ZOk, 'Stored'),
        404: errorResponse('No profile yet'),
        429: errorResponse('Too many moves, or too fast'),
      },
    }),
    async (c) => {
      const { latitude, longitude } = c.req.valid('json');
      await saveLocation(c.var.db, c.var.user.id, latitude, longitude, { limited: true });
      return c.json({ ok: true as const }, 200);
    },
  );
