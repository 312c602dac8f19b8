import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZAdminSelfieList, ZSelfieDecision } from '../../../../contracts/responses';
import { ZSelfieChallenge, ZSelfieStatus } from '../../../../contracts/trust';
import { readUpload, sendPrivateImage, uploadBodyLimit } from '../../http/upload';
import { AppError } from '../../lib/errors';
import type { AppEnv } from '../../lib/context';
import { errorResponse, imageResponse, jsonBody, jsonResponse, uploadBody, uploadRefusals } from '../../lib/openapi';
import { route, viewerOf } from '../../lib/route';
import {
  decideSelfie,
  listSelfiesForAdmin,
  readSelfie,
  selfieStatus,
  startSelfieChallenge,
  submitSelfie,
} from './selfie.service';

const decisionParams = z.object({ submissionId: z.uuid() });
// The upload route gets a larger body limit, registered first; the exported chain carries the routes' types.
const routes = new OpenAPIHono<AppEnv>();
routes.use('/api/verification/selfie', uploadBodyLimit());
export const verificationRoutes = routes
  .openapi(
    route('Verification', 'member', 'get', '/api/verification/selfie', {
      summary: "The member's selfie verification status",
      responses: { 200: jsonResponse(ZSelfieStatus, 'Status') },
    }),
    async (c) => c.json(await selfieStatus(c.var.db, c.var.user.id), 200),
  )
  .openapi(
    route('Verification', 'member', 'post', '/api/verification/selfie/challenge', {
      summary: 'A pose picked at random, valid for 10 minutes; the selfie must be taken in it',
      responses: { 201: jsonResponse(ZSelfieChallenge, 'The pose') },
    }),
    async (c) => c.json(await startSelfieChallenge(c.var.db, c.var.user.id), 201),
  )
  .openapi(
    route('Verification', 'member', 'post', '/api/verification/selfie', {
      summary: 'Send the selfie for the given challenge (multipart: file, challengeId)',
      request: {
        body: uploadBody({ challengeId: z.uuid() }),
      },
      responses: {
        201: jsonResponse(ZSelfieStatus, 'Waiting for review'),
        400: errorResponse('Expired or used pose'),
        409: errorResponse('A selfie is already waiting'),
        ...uploadRefusals,
      },
    }),
    async (c) => {
      const { bytes, fields } = await readUpload(c);
      const challengeId = z.uuid().safeParse(fields.challengeId);
      if (!challengeId.success) throw new AppError('BAD_REQUEST', 'Start the verification to get a pose first.');
      return c.json(
        await submitSelfie(c.get('deps'), { userId: c.var.user.id, challengeId: challengeId.data }, bytes),
        201,
      );
    },
  )
  .openapi(
    route('Verification', 'member', 'get', '/api/verification/selfies/{submissionId}/image', {
      summary: 'A selfie: for its owner and administrators only',
      request: { params: z.object({ submissionId: z.uuid() }) },
      responses: { 200: imageResponse, 404: errorResponse('No such selfie (or not yours)') },
    }),
    async (c) => {
      const bytes = await readSelfie(c.get('deps'), viewerOf(c), c.req.valid('param').submissionId);
      return sendPrivateImage(c, bytes);
    },
  )
  .openapi(
    route('Admin', 'admin', 'get', '/api/admin/selfies', {
      summary: 'Selfies to review (pending by default), with the profile photos to compare',
      request: { query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }) },
      responses: { 200: jsonResponse(ZAdminSelfieList, 'Selfies') },
    }),
    async (c) => c.json({ selfies: await listSelfiesForAdmin(c.var.db, c.req.valid('query').status) }, 200),
  )
  .openapi(
    route('Admin', 'admin', 'post', '/api/admin/selfies/{submissionId}/approve', {
      summary: 'Approve a selfie: the member becomes selfie-verified',
      request: { params: decisionParams },
      responses: {
        200: jsonResponse(ZSelfieDecision('approved'), 'Approved'),
        404: errorResponse('No pending selfie'),
      },
    }),
    async (c) => {
      const act = { adminId: c.var.user.id, submissionId: c.req.valid('param').submissionId };
      await decideSelfie(c.var.db, act, { approve: true });
      return c.json({ status: 'approved' as const }, 200);
    },
  )
  .openapi(
    route('Admin', 'admin', 'post', '/api/admin/selfies/{submissionId}/reject', {
      summary: 'Reject a selfie with a reason the member sees',
      request: {
        params: decisionParams,
        body: jsonBody(z.object({ reason: z.string().trim().min(3, 'Give the member a reason').max(300) })),
      },
      responses: {
        200: jsonResponse(ZSelfieDecision('rejected'), 'Rejected'),
        400: errorResponse('No reason'),
        404: errorResponse('No pending selfie'),
      },
    }),
    async (c) => {
      const act = { adminId: c.var.user.id, submissionId: c.req.valid('param').submissionId };
      await decideSelfie(c.var.db, act, { approve: false, reason: c.req.valid('json').reason });
      return c.json({ status: 'rejected' as const }, 200);
    },
  );
