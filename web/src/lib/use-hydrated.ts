import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React takes over the prerendered landing page (and in the prerender itself), true
 * after. What the prerendered HTML cannot know (the session, ads) must wait for it: data that
 * arrived while part of the page was still hydrating would render differently from the HTML, and
 * React would throw the page away (error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
