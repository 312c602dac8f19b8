import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '@contracts/messages-api';
import { notificationsQueryOptions } from '@/features/notifications';
import { conversationsQueryOptions, markConversationRead, messagesQueryOptions } from './messages-api';

/** Opening a conversation (and new messages arriving while it is open) marks theirs read. */
export function useMarkRead(conversationId: string, userId: string, messages: TMessage[]) {
  const client = useQueryClient();
  const unreadFromThem = messages.some((m) => m.senderId !== userId && !m.read);
  useEffect(() => {
    if (!unreadFromThem) return;
    void markConversationRead(conversationId).then(() => {
      client.setQueryData(messagesQueryOptions(conversationId).queryKey, (old) =>
        old?.map((m) => (m.senderId !== userId ? { ...m, read: true } : m)),
      );
      void client.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
      // The server settled this chat's 'new message' notification too.
      void client.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
    });
  }, [unreadFromThem, conversationId, client, userId]);
}
