// The messages feature as other features see it: import it from '@/features/messages', never a file inside.
export {
  conversationsQueryOptions,
  fetchConversations,
  fetchMessagesAfter,
  mergeMessages,
  messagesQueryOptions,
} from './messages-api';
