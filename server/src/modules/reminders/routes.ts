import { OpenAPIHono } from '@hono/zod-openapi';
import {
  ZReminderSettings,
  ZReminderSettingsInput,
  ZTimeZoneInput,
  ZUnsubscribed,
  ZUnsubscribeToken,
} from '../../../../contracts/reminders';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { defineRoute } from '../../lib/route';
import { saveTimeZone } from './reminders.queries';
import { changeSettings, getSettings, unsubscribe } from './reminders.service';

export const reminderRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/reminders',
      tags: ['Reminders'],
      summary: 'Which reminder mails I get while I am away',
      responses: { 200: jsonResponse(ZReminderSettings, 'Each kind, on or off') },
    }),
    async (c) => c.json(await getSettings(c.get('deps').database.db, c.get('user').id), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'patch',
      path: '/api/reminders',
      tags: ['Reminders'],
      summary: 'Turn kinds of reminder mail on or off',
      request: { body: jsonBody(ZReminderSettingsInput) },
      responses: { 200: jsonResponse(ZReminderSettings, 'Each kind, on or off') },
    }),
    async (c) => c.json(await changeSettings(c.get('deps').database.db, c.get('user').id, c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'put',
      path: '/api/reminders/time-zone',
      tags: ['Reminders'],
      summary: "My browser's time zone, so a reminder writes times as I read them",
      request: { body: jsonBody(ZTimeZoneInput) },
      responses: { 200: jsonResponse(ZTimeZoneInput, 'Saved') },
    }),
    async (c) => {
      const { timeZone } = c.req.valid('json');
      await saveTimeZone(c.get('deps').database.db, c.get('user').id, timeZone);
      return c.json({ timeZone }, 200);
    },
  )
  .openapi(
    // RFC 8058: the mail client POSTs here (no cookie, no Origin, a form body it need not read),
    // so the token is the whole authority and the same-origin check exempts this path.
    defineRoute('public', {
      method: 'post',
      path: '/api/reminders/unsubscribe',
      tags: ['Reminders'],
      summary: "One-click unsubscribe from one kind of reminder (the mail's List-Unsubscribe URL)",
      request: { query: ZUnsubscribeToken },
      responses: { 200: jsonResponse(ZUnsubscribed, 'That kind is off'), 404: errorResponse('Unknown link') },
    }),
    async (c) => {
      const { database, env } = c.get('deps');
      return c.json(await unsubscribe(database.db, env.AUTH_SECRET, c.req.valid('query').token), 200);
    },
  );
