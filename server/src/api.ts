import { OpenAPIHono } from '@hono/zod-openapi';
import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './lib/context';
import { accountRoutes } from './modules/account/routes';
import { checkInRoutes } from './modules/check-ins/routes';
import { reminderRoutes } from './modules/reminders/routes';
import { commerceRoutes } from './modules/admins/commerce.routes';
import { inboxRoutes } from './modules/admins/inbox.routes';
import { adminRoutes } from './modules/admins/routes';
import { controlRoutes } from './modules/control/routes';
import { dateRoutes } from './modules/dates/routes';
import { discoveryRoutes } from './modules/discovery/routes';
import { healthRoutes } from './modules/health/routes';
import { meRoutes } from './modules/me/routes';
import { messageRoutes } from './modules/messages/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { planRoutes } from './modules/plans/routes';
import { profileRoutes } from './modules/profiles/routes';
import { safetyRoutes } from './modules/safety/routes';
import { siteRoutes } from './modules/site/routes';
import { verificationRoutes } from './modules/verification/routes';

/**
 * Every route group of our API, chained into one app so that its type carries each route's
 * path, input and answers. app.ts mounts it; the web app's typed client (web/src/lib/api.ts)
 * reads its type, so a field renamed on one side fails the type check on the other.
 */
export const apiRoutes = new OpenAPIHono<AppEnv>()
  .route('/', healthRoutes)
  .route('/', meRoutes)
  .route('/', siteRoutes)
  .route('/', profileRoutes)
  .route('/', discoveryRoutes)
  .route('/', messageRoutes)
  .route('/', safetyRoutes)
  .route('/', notificationRoutes)
  .route('/', verificationRoutes)
  .route('/', dateRoutes)
  .route('/', checkInRoutes)
  .route('/', reminderRoutes)
  .route('/', adminRoutes)
  .route('/', commerceRoutes)
  .route('/', inboxRoutes)
  .route('/', planRoutes)
  .route('/', accountRoutes)
  .route('/', controlRoutes);

export type ApiRoutes = typeof apiRoutes;

/** The body of a typed call's successful answer (for the web app's and the tests' typed clients). */
export type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, 'json'>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never;
