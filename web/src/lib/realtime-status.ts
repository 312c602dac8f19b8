import { useSyncExternalStore } from 'react';

/** Whether this tab's realtime socket is open. Polling is only the fallback for when it is not. */
let connected = false;
const listeners = new Set<() => void>();

export function setRealtimeConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}

/** Read once, outside React (after a write: will the server's event reach this tab?). */
export const isRealtimeConnected = () => connected;

export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
  );
}

/** The refresh interval while the socket is down; pushed events replace it otherwise. */
export const useFallbackInterval = (ms: number) => (useRealtimeConnected() ? false : ms);
