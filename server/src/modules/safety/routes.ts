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
import { defineRoute } from '../../lib/route';
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
    defineRoute('member', {
      method: 'get',
      path: '/api/blocks',
      tags: ['Safety'],
      summary: 'The members I have blocked',
      responses: { 200: jsonResponse(ZBlockedList, 'Blocked members') },
    }),
    async (c) => c.json({ blocked: await listBlocked(c.get('deps').database.db, c.get('user').id) }, 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'put',
      path: '/api/blocks/{userId}',
      tags: ['Safety'],
      summary: 'Block a member (idempotent): both vanish from each other everywhere',
      request: { params: memberParams },
      responses: {
        200: jsonResponse(ZBlockState(true), 'Blocked'),
        400: errorResponse('Yourself'),
        404: errorResponse('No such member'),
      },
    }),
    async (c) => {
      await blockMember(c.get('deps').database.db, c.get('user').id, c.req.valid('param').userId);
      return c.json({ blocked: true as const }, 200);
    },
  )
  .openapi(
    defineRoute('member', {
      method: 'delete',
      path: '/api/blocks/{userId}',
      tags: ['Safety'],
      summary: 'Unblock a member',
      request: { params: memberParams },
      responses: {
        200: jsonResponse(ZBlockState(false), 'Unblocked'),
        404: errorResponse('Not blocked'),
      },
    }),
    async (c) => {
      await unblockMember(c.get('deps').database.db, c.get('user').id, c.req.valid('param').userId);
      return c.json({ blocked: false as const }, 200);
    },
  )
  .openapi(
    defineRoute('member', {
      method: 'delete',
      path: '/api/matches/{matchId}',
      tags: ['Safety'],
      summary: 'Unmatch: the chat closes for both; the last messages are kept 30 days for reports',
      request: { params: z.object({ matchId: z.uuid() }) },
      responses: {
        200: jsonResponse(ZUnmatched, 'Unmatched'),
        404: errorResponse('Not a match of yours'),
      },
    }),
    async (c) => c.json(await unmatch(c.get('deps').database.db, c.get('user').id, c.req.valid('param').matchId), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/past-matches',
      tags: ['Safety'],
      summary: 'Unmatched members still reportable (30 days)',
      responses: { 200: jsonResponse(ZPastMatchList, 'Past matches') },
    }),
    async (c) => c.json({ pastMatches: await listPastMatches(c.get('deps').database.db, c.get('user').id) }, 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'post',
      path: '/api/reports',
      tags: ['Safety'],
      summary: 'Report a member; seals the last messages and opens a moderation case (retry-safe by clientKey)',
      request: { body: jsonBody(ZReportInput) },
      responses: {
        201: jsonResponse(ZReportFiled, 'Case opened'),
        400: errorResponse('Invalid report'),
        404: errorResponse('No such member, conversation or past match'),
      },
    }),
    async (c) => c.json(await fileReport(c.get('deps').database.db, c.get('user').id, c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/reports/mine',
      tags: ['Safety'],
      summary: 'My reports and their status',
      responses: { 200: jsonResponse(ZMyReportList, 'My reports') },
    }),
    async (c) => c.json({ reports: await listMyReports(c.get('deps').database.db, c.get('user').id) }, 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/hidden-words',
      tags: ['Safety'],
      summary: 'The words, phrases and emoji I hid: messages with them go to my Hidden folder',
      responses: { 200: jsonResponse(ZHiddenWords, 'My hidden words') },
    }),
    async (c) => c.json(await listHiddenWords(c.get('deps').database.db, c.get('user').id), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'post',
      path: '/api/hidden-words',
      tags: ['Safety'],
      summary: 'Hide more words (up to 1,000 in all); the same word twice is kept once',
      request: { body: jsonBody(ZHiddenWordsInput) },
      responses: {
        200: jsonResponse(ZHiddenWords, 'My hidden words'),
        400: errorResponse('Empty, too long, or over 1,000'),
      },
    }),
    async (c) =>
      c.json(await addHiddenWords(c.get('deps').database.db, c.get('user').id, c.req.valid('json').words), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'delete',
      path: '/api/hidden-words',
      tags: ['Safety'],
      summary: 'Stop hiding a word',
      request: { query: ZHiddenWordQuery },
      responses: { 200: jsonResponse(ZHiddenWords, 'My hidden words') },
    }),
    async (c) =>
      c.json(await removeHiddenWord(c.get('deps').database.db, c.get('user').id, c.req.valid('query').word), 200),
  );
