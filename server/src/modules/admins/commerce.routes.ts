import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZCampaignList,
  ZOk,
  ZPendingPaymentList,
  ZPublicAdList,
  ZSubscriptionPage,
} from '../../../../contracts/responses';
import {
  AD_PLACEMENTS,
  ZAdminSubscription,
  ZCampaign,
  ZCampaignFields,
  ZSubscriptionEdit,
  ZActivatePremium,
} from '../../../../contracts/admin';
import { readUpload, uploadBodyLimit } from '../../http/upload';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorResponse, imageResponse, jsonBody, jsonResponse, uploadBody, uploadRefusals } from '../../lib/openapi';
import { findSession, route } from '../../lib/route';
import { addressKey } from '../../auth/rate-limit';
import type { Context } from 'hono';
import { planOf } from '../plans/service';
import {
  adsFor,
  countClick,
  countImpression,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  readAdImage,
  setCampaignActive,
} from './campaigns.service';
import {
  activatePremium,
  cancelSubscription,
  editSubscription,
  listPendingPayments,
  listSubscriptions,
} from './subscriptions.service';

const idParams = z.object({ id: z.uuid() });

// The upload route gets a larger body limit, registered first; the exported chain carries the routes' types.
const routes = new OpenAPIHono<AppEnv>();
routes.use('/api/admin/campaigns', uploadBodyLimit());
export const commerceRoutes = routes
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/campaigns', {
      summary: 'Ad campaigns, newest first, with impressions and clicks',
      responses: { 200: jsonResponse(ZCampaignList, 'Campaigns') },
    }),
    async (c) => c.json({ campaigns: await listCampaigns(c.var.db) }, 200),
  )
  .openapi(
    route('Admin', 'admin', 'post', '/api/admin/campaigns', {
      summary: 'Create a campaign (multipart: file, name, targetUrl, placement)',
      request: {
        body: uploadBody(ZCampaignFields.shape),
      },
      responses: {
        201: jsonResponse(ZCampaign, 'Created'),
        400: errorResponse('Invalid fields'),
        ...uploadRefusals,
      },
    }),
    async (c) => {
      const { bytes, fields } = await readUpload(c);
      const parsed = ZCampaignFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError('VALIDATION_FAILED', issue.message, { [issue.path.join('.')]: issue.message });
      }
      return c.json(await createCampaign(c.get('deps'), c.var.user.id, parsed.data, bytes), 201);
    },
  )
  .openapi(
    route('Admin', 'admin', 'put', '/api/admin/campaigns/{id}/active', {
      summary: 'Pause or resume a campaign',
      request: {
        params: idParams,
        body: jsonBody(z.object({ active: z.boolean() })),
      },
      responses: { 200: jsonResponse(ZCampaign, 'Updated'), 404: errorResponse('No such campaign') },
    }),
    async (c) =>
      c.json(
        await setCampaignActive(c.var.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json').active),
        200,
      ),
  )
  .openapi(
    route('Admin', 'admin', 'delete', '/api/admin/campaigns/{id}', {
      summary: 'Delete a campaign',
      request: { params: idParams },
      responses: {
        200: jsonResponse(ZOk, 'Deleted'),
        404: errorResponse('No such campaign'),
      },
    }),
    async (c) => {
      await deleteCampaign(c.get('deps'), c.var.user.id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
  )
  // Premium (paid or on trial) means no ads: none are handed out, and none are counted.
  .openapi(
    route('Ads', 'public', 'get', '/api/ads', {
      summary: 'The active ads of a placement, for an ad slot',
      request: { query: z.object({ placement: z.enum(AD_PLACEMENTS) }) },
      responses: { 200: jsonResponse(ZPublicAdList, 'Ads') },
    }),
    async (c) =>
      c.json(
        {
          ads: (await adViewer(c)).premium ? [] : await adsFor(c.var.db, c.req.valid('query').placement),
        },
        200,
      ),
  )
  .openapi(
    route('Ads', 'public', 'get', '/api/ads/{id}/image', {
      summary: "An ad's image",
      request: { params: idParams },
      responses: { 200: imageResponse, 404: errorResponse('No such ad') },
    }),
    async (c) => {
      const bytes = await readAdImage(c.get('deps'), c.req.valid('param').id);
      c.header('Content-Type', 'image/webp');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(new Uint8Array(bytes), 200);
    },
  )
  .openapi(
    route('Ads', 'public', 'post', '/api/ads/{id}/impression', {
      summary: 'Count one impression (once per visitor, ad and day)',
      request: { params: idParams },
      responses: { 200: jsonResponse(ZOk, 'Counted') },
    }),
    async (c) => {
      const viewer = await adViewer(c);
      if (!viewer.premium) await countImpression(c.var.db, c.req.valid('param').id, viewer.key);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route('Ads', 'public', 'get', '/api/ads/{id}/click', {
      summary: "Count a click (once per visitor, ad and day), then redirect to the campaign's target",
      request: { params: idParams },
      responses: { 302: { description: 'To the target' }, 404: errorResponse('No such ad') },
    }),
    async (c) => {
      const visitor = (await adViewer(c)).key;
      const target = await countClick(c.var.db, c.req.valid('param').id, { visitor, fromOwnPage: fromOwnPage(c) });
      return c.redirect(target, 302);
    },
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/subscriptions/pending', {
      summary:
        'Members who pressed Go Premium in the last 30 days and are not paid up: match their payment by reference',
      responses: { 200: jsonResponse(ZPendingPaymentList, 'Waiting for confirmation') },
    }),
    async (c) => c.json({ pending: await listPendingPayments(c.var.db) }, 200),
  )
  .openapi(
    route('Admin', 'admin', 'post', '/api/admin/subscriptions/activate', {
      summary: "Payment received: activate (or extend) a member's Premium",
      request: { body: jsonBody(ZActivatePremium) },
      responses: { 200: jsonResponse(ZAdminSubscription, 'Premium active'), 404: errorResponse('No such member') },
    }),
    async (c) => {
      const { userId, months } = c.req.valid('json');
      return c.json(await activatePremium(c.var.db, { adminId: c.var.user.id, userId }, months), 200);
    },
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/subscriptions', {
      summary: 'Subscriptions, searchable by user id, a page at a time',
      request: {
        query: z.object({
          search: z.string().max(100).default(''),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce
            .number()
            .refine((n) => [10, 20, 50].includes(n), 'Page size is 10, 20 or 50')
            .default(10),
        }),
      },
      responses: {
        200: jsonResponse(ZSubscriptionPage, 'A page'),
        400: errorResponse('Bad paging'),
      },
    }),
    async (c) => {
      const { search, page, pageSize } = c.req.valid('query');
      return c.json(await listSubscriptions(c.var.db, search, page, pageSize), 200);
    },
  )
  .openapi(
    route('Admin', 'admin', 'put', '/api/admin/subscriptions/{id}', {
      summary: 'Edit a subscription: tier, active, expiry',
      request: { params: idParams, body: jsonBody(ZSubscriptionEdit) },
      responses: { 200: jsonResponse(ZAdminSubscription, 'Edited'), 404: errorResponse('No such subscription') },
    }),
    async (c) =>
      c.json(await editSubscription(c.var.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    route('Admin', 'admin', 'post', '/api/admin/subscriptions/{id}/cancel', {
      summary: 'Cancel a subscription: it stays active until it expires',
      request: { params: idParams },
      responses: {
        200: jsonResponse(ZAdminSubscription, 'Cancelled'),
        404: errorResponse('No such subscription'),
        409: errorResponse('Already cancelled'),
      },
    }),
    async (c) => c.json(await cancelSubscription(c.var.db, c.var.user.id, c.req.valid('param').id), 200),
  );

/**
 * Whether a click came through our own ad slot: the browser says the navigation started on this
 * site (Sec-Fetch-Site), or, from a browser too old to say, the referring page is ours. A link or
 * an image on another site is not a click on our ad.
 */
function fromOwnPage(c: Context<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site === 'same-origin';
  const referer = c.req.header('referer');
  try {
    return !!referer && new URL(referer).origin === new URL(c.get('deps').env.BASE_URL).origin;
  } catch {
    return false;
  }
}

/**
 * Who is looking at an ad: the key its views are counted under (the signed-in member, or else
 * the caller's address, IPv6 by its /64), and whether they are on Premium.
 */
async function adViewer(c: Context<AppEnv>): Promise<{ key: string; premium: boolean }> {
  const deps = c.get('deps');
  const session = c.req.header('cookie') ? await findSession(deps, c.req.raw.headers) : null;
  if (!session) return { key: `address:${addressKey(c.get('clientIp'))}`, premium: false };
  return {
    key: `member:${session.user.id}`,
    premium: (await planOf(deps.database.db, session.user.id)).tier === 'premium',
  };
}
