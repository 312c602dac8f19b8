import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZDateHistory, ZDatePlanList, ZRevoked, ZShareLink } from '../../../../contracts/responses';
import {
  ZDateAnswer,
  ZDatePlan,
  ZDateState,
  ZProposeDate,
  ZRatingInput,
  ZRatingState,
  ZSharedDate,
} from '../../../../contracts/trust';
import { readUpload, sendPrivateImage, uploadBodyLimit } from '../../http/upload';
import type { AppEnv } from '../../lib/context';
import { errorResponse, imageResponse, jsonBody, jsonResponse, uploadBody, uploadRefusals } from '../../lib/openapi';
import { route, viewerOf } from '../../lib/route';
import {
  cancelPlan,
  listPlans,
  proposeDate,
  readSharedDate,
  readSharedDatePhoto,
  respondToDate,
  revokeShares,
  shareDate,
} from './calendar.service';
import { confirmDate, dateState, disputeDate, readDatePhoto, uploadDatePhoto } from './date-verification.service';
import { listDateHistory, ratingState, submitRating } from './ratings.service';

const notFound = errorResponse('Not a conversation of yours');
const conversationParams = z.object({ conversationId: z.uuid() });

const planParams = z.object({ planId: z.uuid() });
const tokenParams = z.object({ token: z.string().min(20).max(64) });
// The upload route gets a larger body limit, registered first; the exported chain carries the routes' types.
const routes = new OpenAPIHono<AppEnv>();
routes.use('/api/conversations/:conversationId/date/photo', uploadBodyLimit());
export const dateRoutes = routes
  .openapi(
    route('Dates', 'member', 'get', '/api/conversations/{conversationId}/date', {
      summary: "The date's verification state in this conversation",
      request: { params: conversationParams },
      responses: { 200: jsonResponse(ZDateState, 'State'), 404: notFound },
    }),
    async (c) => c.json(await dateState(c.var.db, c.var.user.id, c.req.valid('param').conversationId), 200),
  )
  .openapi(
    route('Dates', 'member', 'post', '/api/conversations/{conversationId}/date/photo', {
      summary: "'Verify Date': upload a photo of the two of you; the other participant confirms it",
      request: {
        params: conversationParams,
        body: uploadBody(),
      },
      responses: {
        201: jsonResponse(ZDateState, 'Waiting for the other participant'),
        409: errorResponse('A photo is already waiting, or the date is verified'),
        ...uploadRefusals,
        404: notFound,
      },
    }),
    async (c) => {
      const { bytes } = await readUpload(c);
      return c.json(
        await uploadDatePhoto(
          c.get('deps'),
          { viewerId: c.var.user.id, conversationId: c.req.valid('param').conversationId },
          bytes,
        ),
        201,
      );
    },
  )
  .openapi(
    route('Dates', 'member', 'post', '/api/conversations/{conversationId}/date/confirm', {
      summary: "'Yes, we met': verifies the date and unlocks rating for both",
      request: { params: conversationParams },
      responses: { 200: jsonResponse(ZDateState, 'Verified'), 403: errorResponse('You uploaded it'), 404: notFound },
    }),
    async (c) => c.json(await confirmDate(c.var.db, c.var.user.id, c.req.valid('param').conversationId), 200),
  )
  .openapi(
    route('Dates', 'member', 'post', '/api/conversations/{conversationId}/date/dispute', {
      summary: "'This didn't happen': opens a moderation case instead",
      request: { params: conversationParams },
      responses: { 200: jsonResponse(ZDateState, 'Disputed'), 403: errorResponse('You uploaded it'), 404: notFound },
    }),
    async (c) => c.json(await disputeDate(c.var.db, c.var.user.id, c.req.valid('param').conversationId), 200),
  )
  .openapi(
    route('Dates', 'member', 'get', '/api/date-photos/{verificationId}', {
      summary: 'A date photo: for the two participants and administrators only',
      request: { params: z.object({ verificationId: z.uuid() }) },
      responses: { 200: imageResponse, 404: errorResponse('No such photo (or not yours)') },
    }),
    async (c) =>
      sendPrivateImage(c, await readDatePhoto(c.get('deps'), viewerOf(c), c.req.valid('param').verificationId)),
  )
  .openapi(
    route('Ratings', 'member', 'get', '/api/conversations/{conversationId}/rating', {
      summary: "Where this date's ratings stand; the other's rating only once revealed",
      request: { params: conversationParams },
      responses: { 200: jsonResponse(ZRatingState, 'State'), 404: errorResponse('Conversation not found') },
    }),
    async (c) => c.json(await ratingState(c.var.db, c.var.user.id, c.req.valid('param').conversationId), 200),
  )
  .openapi(
    route('Ratings', 'member', 'post', '/api/conversations/{conversationId}/rating', {
      summary: 'Rate a verified date, once (double-blind)',
      request: { params: conversationParams, body: jsonBody(ZRatingInput) },
      responses: {
        201: jsonResponse(ZRatingState, 'Rated'),
        400: errorResponse('Rating required'),
        403: errorResponse('Verification Required'),
        409: errorResponse('Already rated'),
        404: errorResponse('Conversation not found'),
      },
    }),
    async (c) =>
      c.json(
        await submitRating(c.var.db, c.var.user.id, c.req.valid('param').conversationId, c.req.valid('json')),
        201,
      ),
  )
  .openapi(
    route('Ratings', 'member', 'get', '/api/date-history', {
      summary: 'Verified dates with their rating status',
      responses: { 200: jsonResponse(ZDateHistory, 'Dates') },
    }),
    async (c) => c.json({ dates: await listDateHistory(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Calendar', 'member', 'get', '/api/date-plans', {
      summary: 'Proposed and planned dates',
      responses: { 200: jsonResponse(ZDatePlanList, 'Plans') },
    }),
    async (c) => c.json({ plans: await listPlans(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Calendar', 'member', 'post', '/api/date-plans', {
      summary: 'Propose a date to a match: day, time and place',
      request: { body: jsonBody(ZProposeDate) },
      responses: {
        201: jsonResponse(ZDatePlan, 'Proposed'),
        400: errorResponse('Invalid or past time'),
        404: notFound,
      },
    }),
    async (c) => c.json(await proposeDate(c.var.db, c.var.user.id, c.req.valid('json')), 201),
  )
  .openapi(
    route('Calendar', 'member', 'post', '/api/date-plans/{planId}/answer', {
      summary: 'Accept, decline, or propose another time',
      request: { params: planParams, body: jsonBody(ZDateAnswer) },
      responses: {
        200: jsonResponse(ZDatePlanList, 'Plans'),
        400: errorResponse('Invalid'),
        403: errorResponse('Not the invitee'),
        409: errorResponse('Already answered'),
        404: errorResponse('No such date'),
      },
    }),
    async (c) =>
      c.json(
        {
          plans: await respondToDate(c.var.db, c.var.user.id, c.req.valid('param').planId, c.req.valid('json')),
        },
        200,
      ),
  )
  .openapi(
    route('Calendar', 'member', 'post', '/api/date-plans/{planId}/cancel', {
      summary: 'Call a proposed or accepted date off (either of the two); its check-ins stop',
      request: { params: planParams },
      responses: {
        200: jsonResponse(ZDatePlanList, 'Plans'),
        409: errorResponse('Already declined, replaced or cancelled'),
        404: errorResponse('No such date'),
      },
    }),
    async (c) => c.json({ plans: await cancelPlan(c.var.db, c.var.user.id, c.req.valid('param').planId) }, 200),
  )
  .openapi(
    route('Calendar', 'member', 'post', '/api/date-plans/{planId}/share', {
      summary: "'Share my date': an expiring read-only link for a trusted friend",
      request: { params: planParams },
      responses: {
        201: jsonResponse(ZShareLink, 'Link'),
        409: errorResponse('Not an accepted date, or over'),
        404: errorResponse('No such date'),
      },
    }),
    async (c) => c.json(await shareDate(c.var.db, c.var.user.id, c.req.valid('param').planId), 201),
  )
  .openapi(
    route('Calendar', 'member', 'delete', '/api/date-plans/{planId}/share', {
      summary: "Stop every 'Share my date' link I made to this date",
      request: { params: planParams },
      responses: { 200: jsonResponse(ZRevoked, 'Stopped') },
    }),
    async (c) => c.json(await revokeShares(c.var.db, c.var.user.id, c.req.valid('param').planId), 200),
  )
  .openapi(
    route('Calendar', 'public', 'get', '/api/shared-dates/{token}', {
      summary: "A shared date, read-only: the match's first name and photo, the time and the place",
      request: { params: tokenParams },
      responses: { 200: jsonResponse(ZSharedDate, 'The date'), 404: errorResponse('Expired or unknown link') },
    }),
    async (c) => c.json(await readSharedDate(c.var.db, c.req.valid('param').token), 200),
  )
  .openapi(
    route('Calendar', 'public', 'get', '/api/shared-dates/{token}/photo', {
      summary: "The match's main photo, for the holder of a live shared link",
      request: { params: tokenParams },
      responses: { 200: imageResponse, 404: errorResponse('Expired or unknown link') },
    }),
    async (c) => sendPrivateImage(c, await readSharedDatePhoto(c.get('deps'), c.req.valid('param').token)),
  );
