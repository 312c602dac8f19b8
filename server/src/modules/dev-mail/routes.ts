import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZDevMailList } from '../../../../contracts/responses';
import { desc } from 'drizzle-orm';
import { devMail } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';

export const devMailRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Development', 'dev', 'post', '/api/dev/clock', {
      summary:
        "Moves this server's clock for scheduled work on (not mounted in production): tests of check-ins and reminders",
      request: {
        body: jsonBody(
          z.object({
            advanceMs: z
              .number()
              .int()
              .min(0)
              .max(400 * 86_400_000),
          }),
        ),
      },
      responses: { 200: jsonResponse(z.object({ now: z.string() }), "The server's time now") },
    }),
    async (c) => {
      const { clock, jobs } = c.get('deps');
      const now = clock.advance(c.req.valid('json').advanceMs);
      void jobs.runDue();
      return c.json({ now: now.toISOString() }, 200);
    },
  )
  .openapi(
    route('Development', 'dev', 'get', '/api/dev/mail', {
      summary: 'Mail held in the development outbox (not mounted in production)',
      responses: { 200: jsonResponse(ZDevMailList, 'Newest first') },
    }),
    async (c) => {
      const rows = await c.var.db.select().from(devMail).orderBy(desc(devMail.createdAt)).limit(100);
      const mail = rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        link: row.link,
        headers: row.headers,
        attachments: row.attachments,
        createdAt: row.createdAt.toISOString(),
      }));
      return c.json({ mail }, 200);
    },
  );
