import { queryOptions } from '@tanstack/react-query';
import type { TConversation, TMessage } from '@contracts/messages-api';
import { api } from '@/lib/api-client';

export const conversationsQueryOptions = queryOptions({
  queryKey: ['conversations'],
  queryFn: async () => (await api<{ conversations: TConversation[] }>('/api/conversations')).conversations,
});

export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['messages', conversationId],
    queryFn: async () =>
      (await api<{ messages: TMessage[] }>(`/api/conversations/${conversationId}/messages`)).messages,
  });

export const fetchMessagesAfter = async (conversationId: string, afterId: string) =>
  (await api<{ messages: TMessage[] }>(`/api/conversations/${conversationId}/messages?after=${afterId}`)).messages;

export const sendMessage = (conversationId: string, content: string, clientKey: string) =>
  api<TMessage>(`/api/conversations/${conversationId}/messages`, { method: 'POST', body: { content, clientKey } });

export const markConversationRead = (conversationId: string) =>
  api<{ marked: number }>(`/api/conversations/${conversationId}/read`, { method: 'POST', body: {} });

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
