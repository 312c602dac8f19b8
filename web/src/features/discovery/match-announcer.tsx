import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { markMatchSeen, matchesQueryOptions } from './discovery-api';
import { useFallbackInterval } from '@/lib/realtime-status';
import { MatchDialog } from './match-dialog';

/**
 * Shows 'It's a match!' to the member who liked first, once the other side liked back:
 * the matches list (refreshed every 10 s) says which matches they have not been shown yet.
 */
export function MatchAnnouncer() {
  const client = useQueryClient();
  const matches = useQuery({ ...matchesQueryOptions, refetchInterval: useFallbackInterval(10_000) });
  const [dismissed, setDismissed] = useState<Set<string>>(new Set());
  const next = matches.data?.find((m) => !m.announced && !dismissed.has(m.matchId));
  if (!next) return null;

  const close = () => {
    setDismissed((set) => new Set(set).add(next.matchId));
    client.setQueryData(matchesQueryOptions.queryKey, (list) =>
      list?.map((m) => (m.matchId === next.matchId ? { ...m, announced: true } : m)),
    );
    void markMatchSeen(next.matchId).catch(() => {});
  };
  return <MatchDialog match={{ card: next.profile, conversationId: next.conversationId }} onClose={close} />;
}
