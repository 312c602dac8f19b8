import { queryOptions } from '@tanstack/react-query';
import type { TMessage } from '@contracts/messages-api';
import { client, data } from '@/lib/api';

const conversation = client.api.conversations[':conversationId'];

/** The member's conversations, read now (not shared with a read already in flight). */
export const fetchConversations = async () => (await data(client.api.conversations.$get())).conversations;

export const conversationsQueryOptions = queryOptions({
  queryKey: ['conversations'],
  queryFn: fetchConversations,
});

export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['messages', conversationId],
    queryFn: async () => (await data(conversation.messages.$get({ param: { conversationId }, query: {} }))).messages,
  });

export const fetchMessagesAfter = async (conversationId: string, afterId: string) =>
  (await data(conversation.messages.$get({ param: { conversationId }, query: { after: afterId } }))).messages;

export const sendMessage = (conversationId: string, content: string, clientKey: string) =>
  data(conversation.messages.$post({ param: { conversationId }, json: { content, clientKey } }));

export const markConversationRead = (conversationId: string) =>
  data(conversation.read.$post({ param: { conversationId } }));

/** Adds messages to a cached list once each (by id, or by client key for an optimistic copy). */
export function mergeMessages(list: TMessage[] | undefined, incoming: TMessage[]): TMessage[] {
  const result = [...(list ?? [])];
  for (const message of incoming) {
    const index = result.findIndex((m) => m.id === message.id || m.clientKey === message.clientKey);
    if (index === -1) result.push(message);
    else result[index] = message;
  }
  return result.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
