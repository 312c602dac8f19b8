import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { messagePreview } from '@contracts/messages';
import { TOO_MANY_SOCKETS_CLOSE, type RealtimeEvent } from '@contracts/messages-api';
import { matchesQueryOptions } from '@/features/discovery';
import {
  conversationsQueryOptions,
  fetchConversations,
  fetchMessagesAfter,
  mergeMessages,
  messagesQueryOptions,
} from '@/features/messages';
import { notificationsQueryOptions } from '@/features/notifications';
import { refreshAfterSafetyAction } from '@/features/safety';
import { refreshDateQueries, refreshDatesAfterReconnect } from '@/features/trust';
import { paths } from '@/lib/paths';
import { setRealtimeConnected } from '@/lib/realtime-status';

/** The conversation on screen (the Messages page keeps it in the address): a new message there needs no toast. */
function conversationOnScreen(): string | null {
  const { pathname, search } = window.location;
  return pathname === paths.messages ? new URLSearchParams(search).get('conversation') : null;
}

/**
 * One socket per signed-in tab. Events update the cached queries in place; after a drop it
 * reconnects with back-off and catches up every cached conversation from its last message.
 */
export function RealtimeProvider({ userId }: { userId: string }) {
  const client = useQueryClient();
  const attempt = useRef(0);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    /**
     * Fetches a query again, answered after this moment. Invalidating alone does not do it while
     * the query's first load is in flight: TanStack Query then waits for that load, whose answer
     * may predate the event that prompted this.
     */
    const refetchFromNow = async (queryKey: readonly unknown[]) => {
      await client.cancelQueries({ queryKey });
      await client.invalidateQueries({ queryKey });
    };

    /**
     * Reads the messages a cached chat lacks after its last stored one, and adds them. Answers
     * what came, or null for a chat with no stored message to read after (fetch that one whole).
     */
    const readMissed = async (conversationId: string) => {
      const key = messagesQueryOptions(conversationId).queryKey;
      const last = client
        .getQueryData(key)
        ?.filter((m) => !m.id.startsWith('pending-'))
        .at(-1);
      if (!last) return null;
      const missed = await fetchMessagesAfter(conversationId, last.id).catch(() => []);
      if (missed.length) client.setQueryData(key, (list) => mergeMessages(list, missed));
      return missed;
    };

    const catchUp = async () => {
      for (const query of client.getQueryCache().findAll({ queryKey: ['messages'] })) {
        const conversationId = query.queryKey[1] as string;
        const cached = client.getQueryData(messagesQueryOptions(conversationId).queryKey);
        // A read receipt sent while the socket was down is not in the messages after the last one:
        // while my last message still says Delivered, fetch the conversation again.
        const receiptMissed = cached?.findLast((m) => m.senderId === userId)?.seen === false;
        if (receiptMissed || (await readMissed(conversationId)) === null) void refetchFromNow(query.queryKey);
      }
      void client.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
      void client.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
      void client.invalidateQueries({ queryKey: matchesQueryOptions.queryKey });
      // A date change made while the socket was opening (its event went to no socket) shows too.
      refreshDatesAfterReconnect(client);
    };

    /**
     * A message was stored: this tab reads it over HTTP. The tab that sent it has it already (its
     * own answer); an open chat reads what came after its last message; for any other chat the
     * conversation list, read again, says what came.
     */
    const showMessage = async (conversationId: string, messageId: string) => {
      const key = messagesQueryOptions(conversationId).queryKey;
      const cached = client.getQueryData(key);
      let message: { senderId: string; content: string; hidden: boolean } | null | undefined = cached?.find(
        (m) => m.id === messageId,
      );
      if (cached && !message) message = (await readMissed(conversationId))?.find((m) => m.id === messageId);
      // Fetch the chat again when reading after its last message did not bring this one (a failed
      // read, a chat with nothing stored yet), or when it is still loading (just opened) and may
      // be answered with what was there before this message.
      const unread = cached !== undefined && !message;
      if (unread || client.getQueryData(key) === undefined || client.isFetching({ queryKey: key }) > 0)
        void refetchFromNow(key);
      if (message) {
        void client.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
      } else {
        // Read now, not through a read already in flight: one that began before this message was
        // stored would not have it (two messages in quick succession lost the second's toast).
        const conversations = await fetchConversations().catch(() => undefined);
        if (conversations) client.setQueryData(conversationsQueryOptions.queryKey, conversations);
        message = conversations?.find((c) => c.id === conversationId)?.lastMessage;
      }
      // A message with a word the member hid waits in their Hidden folder: no toast.
      if (message && !message.hidden && message.senderId !== userId && conversationOnScreen() !== conversationId)
        toast('New message', { description: messagePreview(message.content) });
    };

    const onEvent = (event: RealtimeEvent) => {
      if (event.type === 'message') {
        void showMessage(event.conversationId, event.messageId);
      } else if (event.type === 'read') {
        // The other member read my messages: a read receipt (the server sends this with Premium only).
        if (event.readerId !== userId) {
          const key = messagesQueryOptions(event.conversationId).queryKey;
          client.setQueryData(key, (list) =>
            list?.map((m) => (m.senderId === userId && m.seen === false ? { ...m, seen: true } : m)),
          );
          // A fetch in flight may have been answered before the read and would undo the receipt.
          if (client.isFetching({ queryKey: key }) > 0) void refetchFromNow(key);
        }
        void client.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
      } else if (event.type === 'match') {
        void client.invalidateQueries({ queryKey: matchesQueryOptions.queryKey });
        void client.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
      } else if (event.type === 'notification') {
        void client.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
      } else if (event.type === 'stats-changed') {
        void client.invalidateQueries({ queryKey: ['admin', 'stats'] });
      } else if (event.type === 'date-updated') {
        refreshDateQueries(client, event.conversationId);
      } else if (event.type === 'conversation-closed') {
        // A block or unmatch, by either member: the chat and the match leave both screens.
        if (event.conversationId)
          client.removeQueries({ queryKey: messagesQueryOptions(event.conversationId).queryKey });
        refreshAfterSafetyAction(client);
      }
    };

    const connect = () => {
      const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/realtime`;
      socket = new WebSocket(url);
      socket.onopen = () => {
        // Events sent while the page was loading (before this socket opened) or while it was
        // down never reach it: fetch what may have been missed, on every connection.
        void catchUp();
        setRealtimeConnected(true);
        attempt.current = 0;
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), 25_000);
      };
      socket.onmessage = (message) => {
        if (message.data === 'pong') return;
        try {
          onEvent(JSON.parse(String(message.data)) as RealtimeEvent);
        } catch {
          // not an event of ours
        }
      };
      socket.onclose = (closed) => {
        clearInterval(ping);
        setRealtimeConnected(false);
        if (stopped) return;
        // Too many tabs open: this one reconnects when the member looks at it again, rather than
        // taking a socket back from another tab at once (and that one from the next).
        if (closed.code === TOO_MANY_SOCKETS_CLOSE && document.visibilityState === 'hidden') {
          const onVisible = () => {
            if (document.visibilityState !== 'visible') return;
            document.removeEventListener('visibilitychange', onVisible);
            if (!stopped) connect();
          };
          document.addEventListener('visibilitychange', onVisible);
          return;
        }
        const delay = Math.min(30_000, 1000 * 2 ** attempt.current++);
        retry = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
      setRealtimeConnected(false);
    };
  }, [client, userId]);

  return null;
}
