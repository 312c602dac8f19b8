// The messages feature as other features see it: import it from '@/features/messages', never a file inside.
export { conversationsQueryOptions, fetchMessagesAfter, mergeMessages, messagesQueryOptions } from './messages-api';
