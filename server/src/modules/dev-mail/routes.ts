import { OpenAPIHono, z } from '@hono/zod-openapi';
import { desc } from 'drizzle-orm';
import { devMail } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { defineRoute } from '../../lib/route';
import { jsonResponse } from '../../lib/openapi';

const ZDevMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});

const listMail = defineRoute('dev', {
  method: 'get',
  path: '/api/dev/mail',
  tags: ['Development'],
  summary: 'Mail held in the development outbox (not mounted in production)',
  responses: { 200: jsonResponse(z.object({ mail: z.array(ZDevMail) }), 'Newest first') },
});

export const devMailRoutes = new OpenAPIHono<AppEnv>().openapi(listMail, async (c) => {
  const rows = await c.get('deps').database.db.select().from(devMail).orderBy(desc(devMail.createdAt)).limit(100);
  const mail = rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  }));
  return c.json({ mail }, 200);
});
