import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZConversationList, ZMarked, ZMessageList } from '../../../../contracts/responses';
import { ZMessage, ZSendMessage } from '../../../../contracts/messages-api';
import type { AppEnv } from '../../lib/context';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi';
import { route } from '../../lib/route';
import { listConversations, listMessages, markRead, sendMessage } from './messages.service';
import { sendRateOf } from './send-rate';

const conversationParams = z.object({ conversationId: z.uuid() });
const common = { 404: errorResponse('Not a conversation of yours') };

export const messageRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    route('Messages', 'member', 'get', '/api/conversations', {
      summary: "The member's conversations, most recent first",
      responses: { 200: jsonResponse(ZConversationList, 'Conversations') },
    }),
    async (c) => c.json({ conversations: await listConversations(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Messages', 'member', 'get', '/api/conversations/{conversationId}/messages', {
      summary: 'The latest messages, or all messages after `after` (a message id) to catch up after a reconnect',
      request: { params: conversationParams, query: z.object({ after: z.uuid().optional() }) },
      responses: { 200: jsonResponse(ZMessageList, 'Messages, oldest first'), ...common },
    }),
    async (c) => {
      const { conversationId } = c.req.valid('param');
      return c.json(
        {
          messages: await listMessages(c.var.db, c.var.user.id, conversationId, c.req.valid('query').after),
        },
        200,
      );
    },
  )
  .openapi(
    route('Messages', 'member', 'post', '/api/conversations/{conversationId}/messages', {
      summary: 'Send a message; retrying with the same clientKey stores it once',
      request: { params: conversationParams, body: jsonBody(ZSendMessage) },
      responses: {
        201: jsonResponse(ZMessage, 'Stored'),
        400: errorResponse('Empty or too long'),
        429: errorResponse('More than MESSAGES_PER_MINUTE this minute'),
        ...common,
      },
    }),
    async (c) => {
      const { content, clientKey } = c.req.valid('json');
      sendRateOf(c.get('deps').env).count(c.var.user.id);
      return c.json(
        await sendMessage(c.var.db, c.var.user.id, c.req.valid('param').conversationId, content, clientKey),
        201,
      );
    },
  )
  .openapi(
    route('Messages', 'member', 'post', '/api/conversations/{conversationId}/read', {
      summary: "Mark the other member's messages read",
      request: { params: conversationParams },
      responses: { 200: jsonResponse(ZMarked, 'Marked'), ...common },
    }),
    async (c) => c.json({ marked: await markRead(c.var.db, c.var.user.id, c.req.valid('param').conversationId) }, 200),
  );
