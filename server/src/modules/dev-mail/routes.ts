import { OpenAPIHono } from '@hono/zod-openapi';
import { ZDevMailList } from '../../../../contracts/responses';
import { desc } from 'drizzle-orm';
import { devMail } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { defineRoute } from '../../lib/route';
import { jsonResponse } from '../../lib/openapi';

const listMail = defineRoute('dev', {
  method: 'get',
  path: '/api/dev/mail',
  tags: ['Development'],
  summary: 'Mail held in the development outbox (not mounted in production)',
  responses: { 200: jsonResponse(ZDevMailList, 'Newest first') },
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
