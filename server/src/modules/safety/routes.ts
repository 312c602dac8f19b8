import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZBlockState,
  ZBlockedList,
  ZMyReportList,
  ZPastMatchList,
  ZReportFiled,
  ZUnmatched,
} from '../../../../contracts/responses';
import { ZHiddenWordQuery, ZHiddenWords, ZHiddenWordsInput } from '../../../../contracts/hidden-words';
import { ZReportInput } from '../../../../contracts/safety';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import {
  blockMember,
  fileReport,
  listBlocked,
  listMyReports,
  listPastMatches,
  unblockMember,
  unmatch,
} from './safety.service';
import { addHiddenWords, listHiddenWords, removeHiddenWord } from './hidden-words';

const memberParams = z.object({ userId: z.string().min(1).max(64) });

export const safetyRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Safety', 'member', 'get', '/api/blocks', {
      summary: 'The members I have blocked',
      responses: { 200: jsonResponse(ZBlockedList, 'Blocked members') },
    }),
    async (c) => c.json({ blocked: await listBlocked(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Safety', 'member', 'put', '/api/blocks/{userId}', {
      summary: 'Block a member (idempotent): both vanish from each other everywhere',
      request: { params: memberParams },
      responses: {
        200: jsonResponse(ZBlockState(true), 'Blocked'),
        400: errorResponse('Yourself'),
        404: errorResponse('No such member'),
      },
    }),
    async (c) => c.json(await blockMember(c.var.db, c.var.user.id, c.req.valid('param').userId), 200),
  )
  .openapi(
    route('Safety', 'member', 'delete', '/api/blocks/{userId}', {
      summary: 'Unblock a member',
      request: { params: memberParams },
      responses: {
        200: jsonResponse(ZBlockState(false), 'Unblocked'),
        404: errorResponse('Not blocked'),
      },
    }),
    async (c) => c.json(await unblockMember(c.var.db, c.var.user.id, c.req.valid('param').userId), 200),
  )
  .openapi(
    route('Safety', 'member', 'delete', '/api/matches/{matchId}', {
      summary: 'Unmatch: the chat closes for both; the last messages are kept 30 days for reports',
      request: { params: z.object({ matchId: z.uuid() }) },
      responses: {
        200: jsonResponse(ZUnmatched, 'Unmatched'),
        404: errorResponse('Not a match of yours'),
      },
    }),
    async (c) => c.json(await unmatch(c.var.db, c.var.user.id, c.req.valid('param').matchId), 200),
  )
  .openapi(
    route('Safety', 'member', 'get', '/api/past-matches', {
      summary: 'Unmatched members still reportable (30 days)',
      responses: { 200: jsonResponse(ZPastMatchList, 'Past matches') },
    }),
    async (c) => c.json({ pastMatches: await listPastMatches(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Safety', 'member', 'post', '/api/reports', {
      summary: 'Report a member; seals the last messages and opens a moderation case (retry-safe by clientKey)',
      request: { body: jsonBody(ZReportInput) },
      responses: {
        201: jsonResponse(ZReportFiled, 'Case opened'),
        400: errorResponse('Invalid report'),
        404: errorResponse('No such member, conversation or past match'),
      },
    }),
    async (c) => c.json(await fileReport(c.var.db, c.var.user.id, c.req.valid('json')), 201),
  )
  .openapi(
    route('Safety', 'member', 'get', '/api/reports/mine', {
      summary: 'My reports and their status',
      responses: { 200: jsonResponse(ZMyReportList, 'My reports') },
    }),
    async (c) => c.json({ reports: await listMyReports(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Safety', 'member', 'get', '/api/hidden-words', {
      summary: 'The words, phrases and emoji I hid: messages with them go to my Hidden folder',
      responses: { 200: jsonResponse(ZHiddenWords, 'My hidden words') },
    }),
    async (c) => c.json(await listHiddenWords(c.var.db, c.var.user.id), 200),
  )
  .openapi(
    route('Safety', 'member', 'post', '/api/hidden-words', {
      summary: 'Hide more words (up to 1,000 in all); the same word twice is kept once',
      request: { body: jsonBody(ZHiddenWordsInput) },
      responses: {
        200: jsonResponse(ZHiddenWords, 'My hidden words'),
        400: errorResponse('Empty, too long, or over 1,000'),
      },
    }),
    async (c) => c.json(await addHiddenWords(c.var.db, c.var.user.id, c.req.valid('json').words), 200),
  )
  .openapi(
    route('Safety', 'member', 'delete', '/api/hidden-words', {
      summary: 'Stop hiding a word',
      request: { query: ZHiddenWordQuery },
      responses: { 200: jsonResponse(ZHiddenWords, 'My hidden words') },
    }),
    async (c) => c.json(await removeHiddenWord(c.var.db, c.var.user.id, c.req.valid('query').word), 200),
  );
