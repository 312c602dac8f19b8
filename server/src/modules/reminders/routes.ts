import { OpenAPIHono } from '@hono/zod-openapi';
import {
  ZReminderSettings,
  ZReminderSettingsInput,
  ZTimeZoneInput,
  ZUnsubscribed,
  ZMailStopState,
  ZMailStopToken,
  ZUnsubscribeToken,
} from '../../../../contracts/reminders';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import { saveTimeZone } from './reminders.queries';
import { changeSettings, getSettings, setMailStopped, unsubscribe } from './reminders.service';

export const reminderRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Reminders', 'member', 'get', '/api/reminders', {
      summary: 'Which reminder mails I get while I am away',
      responses: { 200: jsonResponse(ZReminderSettings, 'Each kind, on or off') },
    }),
    async (c) => c.json(await getSettings(c.var.db, c.var.user.id), 200),
  )
  .openapi(
    route('Reminders', 'member', 'patch', '/api/reminders', {
      summary: 'Turn kinds of reminder mail on or off',
      request: { body: jsonBody(ZReminderSettingsInput) },
      responses: { 200: jsonResponse(ZReminderSettings, 'Each kind, on or off') },
    }),
    async (c) => c.json(await changeSettings(c.var.db, c.var.user.id, c.req.valid('json')), 200),
  )
  .openapi(
    route('Reminders', 'member', 'put', '/api/reminders/time-zone', {
      summary: "My browser's time zone, so a reminder writes times as I read them",
      request: { body: jsonBody(ZTimeZoneInput) },
      responses: { 200: jsonResponse(ZTimeZoneInput, 'Saved') },
    }),
    async (c) => {
      const { timeZone } = c.req.valid('json');
      await saveTimeZone(c.var.db, c.var.user.id, timeZone);
      return c.json({ timeZone }, 200);
    },
  )
  .openapi(
    // RFC 8058: the mail client POSTs here (no cookie, no Origin, a form body it need not read),
    // so the token is the whole authority and the same-origin check exempts this path.
    route('Reminders', 'public', 'post', '/api/reminders/unsubscribe', {
      summary: "One-click unsubscribe from one kind of reminder (the mail's List-Unsubscribe URL)",
      request: { query: ZUnsubscribeToken },
      responses: { 200: jsonResponse(ZUnsubscribed, 'That kind is off'), 404: errorResponse('Unknown link') },
    }),
    async (c) => {
      const { database, env } = c.get('deps');
      return c.json(await unsubscribe(database.db, env.AUTH_SECRET, c.req.valid('query').token), 200);
    },
  )
  .openapi(
    route('Reminders', 'public', 'post', '/api/mail/stop', {
      summary: 'Stop, or allow again, every mail this address did not ask for (the link in such a mail)',
      request: { body: jsonBody(ZMailStopToken.extend({ stopped: ZMailStopState.shape.stopped })) },
      responses: { 200: jsonResponse(ZMailStopState, 'Whether such mail is stopped now') },
    }),
    async (c) => {
      const { token, stopped } = c.req.valid('json');
      return c.json(await setMailStopped(c.var.db, token, stopped), 200);
    },
  );
