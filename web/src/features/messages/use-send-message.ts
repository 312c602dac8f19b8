import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '@contracts/messages-api';
import type { NudgeKind } from '@contracts/safety';
import { conversationsQueryOptions, mergeMessages, messagesQueryOptions, sendMessage } from './messages-api';

/** A message on its way: shown at once (dimmed), or kept with a Retry when it could not be sent. */
export type OutgoingMessage = TMessage & { failed?: boolean };

/**
 * Sending with the message shown before the server answers. Each message carries a client key,
 * so a retry after a lost answer is stored once; a failure keeps the text for Retry.
 */
export function useSendMessage(conversationId: string, userId: string) {
  const client = useQueryClient();
  const [failed, setFailed] = useState<OutgoingMessage[]>([]);

  const deliver = async (message: OutgoingMessage) => {
    const key = messagesQueryOptions(conversationId).queryKey;
    setFailed((list) => list.filter((m) => m.clientKey !== message.clientKey));
    client.setQueryData(key, (old) => mergeMessages(old, [message]));
    try {
      const stored = await sendMessage(conversationId, message.content, message.clientKey);
      client.setQueryData(key, (old) => mergeMessages(old, [stored]));
      void client.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
    } catch {
      client.setQueryData(key, (old) => old?.filter((m) => m.clientKey !== message.clientKey));
      setFailed((list) => [...list, { ...message, failed: true }]);
    }
  };

  const send = (content: string, nudge: NudgeKind | null) => {
    const clientKey = crypto.randomUUID();
    void deliver({
      id: `pending-${clientKey}`,
      clientKey,
      conversationId,
      senderId: userId,
      content,
      type: 'text',
      createdAt: new Date().toISOString(),
      read: false,
      seen: null,
      nudge,
      hidden: false,
    });
  };
  const retry = (message: OutgoingMessage) => void deliver({ ...message, failed: false });

  return { failed, send, retry };
}
