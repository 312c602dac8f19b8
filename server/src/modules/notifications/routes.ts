import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZMarked, ZNotificationList } from '../../../../contracts/responses';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { defineRoute } from '../../lib/route';
import { listNotifications, markNotificationsRead } from './notifications.service';

export const notificationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/notifications',
      tags: ['Notifications'],
      summary: 'The newest notifications and the unread count',
      responses: {
        200: jsonResponse(ZNotificationList, 'Notifications'),
      },
    }),
    async (c) => c.json(await listNotifications(c.get('deps').database.db, c.get('user').id), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'post',
      path: '/api/notifications/read',
      tags: ['Notifications'],
      summary: 'Mark notifications read: the listed ids, or all',
      request: {
        body: jsonBody(z.object({ ids: z.array(z.uuid()).max(100).optional() })),
      },
      responses: { 200: jsonResponse(ZMarked, 'Marked'), 400: errorResponse('Bad ids') },
    }),
    async (c) =>
      c.json(
        { marked: await markNotificationsRead(c.get('deps').database.db, c.get('user').id, c.req.valid('json').ids) },
        200,
      ),
  );
