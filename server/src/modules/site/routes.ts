import { OpenAPIHono } from '@hono/zod-openapi';
import { ZSiteSettings } from '../../../../contracts/site';
import type { AppEnv } from '../../lib/context';
import { jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';

export const siteRoutes = new OpenAPIHono<AppEnv>().openapi(
  route('System', 'public', 'get', '/api/site', {
    summary: "The site's contact details: support email and social accounts, where its owner set them",
    responses: { 200: jsonResponse(ZSiteSettings, 'Settings') },
  }),
  (c) => {
    const { env } = c.get('deps');
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(
      {
        supportEmail: env.SUPPORT_EMAIL ?? null,
        social: {
          instagram: env.SOCIAL_INSTAGRAM_URL ?? null,
          x: env.SOCIAL_X_URL ?? null,
          facebook: env.SOCIAL_FACEBOOK_URL ?? null,
        },
      },
      200,
    );
  },
);
