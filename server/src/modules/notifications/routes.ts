import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZMarked, ZNotificationList } from '../../../../contracts/responses';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import { listNotifications, markNotificationsRead } from './notifications.service';

export const notificationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Notifications', 'member', 'get', '/api/notifications', {
      summary: 'The newest notifications and the unread count',
      responses: {
        200: jsonResponse(ZNotificationList, 'Notifications'),
      },
    }),
    async (c) => c.json(await listNotifications(c.var.db, c.var.user.id), 200),
  )
  .openapi(
    route('Notifications', 'member', 'post', '/api/notifications/read', {
      summary: 'Mark notifications read: the listed ids, or all',
      request: {
        body: jsonBody(z.object({ ids: z.array(z.uuid()).max(100).optional() })),
      },
      responses: { 200: jsonResponse(ZMarked, 'Marked'), 400: errorResponse('Bad ids') },
    }),
    async (c) => c.json({ marked: await markNotificationsRead(c.var.db, c.var.user.id, c.req.valid('json').ids) }, 200),
  );
