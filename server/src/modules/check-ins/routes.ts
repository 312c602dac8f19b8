import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZCheckIn,
  ZCheckInInput,
  ZCheckInList,
  ZLinkOutcome,
  ZLinkToken,
  ZTrustedContactInput,
  ZTrustedContactState,
} from '../../../../contracts/check-ins';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import { answerCheckIn, answerCheckInByToken, listCheckIns, setCheckIn, turnOffCheckIn } from './check-ins.service';
import { confirmContact, getContact, removeContact, setContact } from './contacts.service';

const badLink = errorResponse('Expired or unknown link');
const checkInParams = z.object({ checkInId: z.uuid() });
const noCheckIn = errorResponse('No such check-in (or not yours)');

export const checkInRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Check-ins', 'member', 'get', '/api/trusted-contact', {
      summary: 'My trusted contact, and whether they have confirmed',
      responses: { 200: jsonResponse(ZTrustedContactState, 'The contact, or null') },
    }),
    async (c) => c.json({ contact: await getContact(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Check-ins', 'member', 'put', '/api/trusted-contact', {
      summary: 'Name my trusted contact; they are mailed a link to confirm (5 invitations a day)',
      request: { body: jsonBody(ZTrustedContactInput) },
      responses: {
        200: jsonResponse(ZTrustedContactState, 'Invited, or unchanged'),
        400: errorResponse('Invalid, my own address, or an address we may not email today'),
        429: errorResponse('Too many invitations today'),
      },
    }),
    async (c) => c.json({ contact: await setContact(c.get('deps'), c.get('user'), c.req.valid('json')) }, 200),
  )
  .openapi(
    route('Check-ins', 'member', 'delete', '/api/trusted-contact', {
      summary: 'Remove my trusted contact: no missed check-in is mailed to them any more',
      responses: { 200: jsonResponse(ZTrustedContactState, 'Removed') },
    }),
    async (c) => {
      await removeContact(c.var.db, c.var.user.id);
      return c.json({ contact: null }, 200);
    },
  )
  .openapi(
    route('Check-ins', 'public', 'post', '/api/trusted-contact/confirm', {
      summary: "The contact follows their invitation's link (no account needed)",
      request: { body: jsonBody(ZLinkToken) },
      responses: { 200: jsonResponse(ZLinkOutcome, 'Confirmed'), 404: badLink },
    }),
    async (c) => c.json(await confirmContact(c.var.db, c.req.valid('json').token), 200),
  )
  .openapi(
    route('Check-ins', 'member', 'get', '/api/check-ins', {
      summary: 'My date check-ins, newest first',
      responses: { 200: jsonResponse(ZCheckInList, 'Check-ins') },
    }),
    async (c) => c.json({ checkIns: await listCheckIns(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Check-ins', 'member', 'put', '/api/date-plans/{planId}/check-in', {
      summary: "'Ask me at 22:00 if I'm OK': set or move my check-in for an accepted date",
      request: { params: z.object({ planId: z.uuid() }), body: jsonBody(ZCheckInInput) },
      responses: {
        200: jsonResponse(ZCheckIn, 'Scheduled'),
        400: errorResponse('A time outside the date, in the past, or another grace period'),
        409: errorResponse('No confirmed contact, the date is not accepted, or the check-in has begun'),
        404: errorResponse('No such date (or not mine)'),
      },
    }),
    async (c) =>
      c.json(await setCheckIn(c.get('deps'), c.var.user.id, c.req.valid('param').planId, c.req.valid('json')), 200),
  )
  .openapi(
    route('Check-ins', 'member', 'post', '/api/check-ins/{checkInId}/ok', {
      summary: "'I'm OK': ends the check-in; a contact already alerted is told",
      request: { params: checkInParams },
      responses: { 200: jsonResponse(ZCheckIn, 'Answered'), 404: noCheckIn },
    }),
    async (c) => c.json(await answerCheckIn(c.get('deps'), c.var.user.id, c.req.valid('param').checkInId), 200),
  )
  .openapi(
    route('Check-ins', 'member', 'delete', '/api/check-ins/{checkInId}', {
      summary: 'Turn a check-in off before it alerts anyone',
      request: { params: checkInParams },
      responses: { 200: jsonResponse(ZCheckIn, 'Off'), 404: noCheckIn },
    }),
    async (c) => c.json(await turnOffCheckIn(c.var.db, c.var.user.id, c.req.valid('param').checkInId), 200),
  )
  .openapi(
    route('Check-ins', 'public', 'post', '/api/check-ins/ok', {
      summary: "The mailed 'I'm OK' button, without signing in",
      request: { body: jsonBody(ZLinkToken) },
      responses: { 200: jsonResponse(ZLinkOutcome, 'Answered'), 404: badLink },
    }),
    async (c) => c.json(await answerCheckInByToken(c.get('deps'), c.req.valid('json').token), 200),
  );
