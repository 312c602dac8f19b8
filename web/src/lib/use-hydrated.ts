import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React takes over a prerendered page (and in the prerender itself), true after. What
 * the prerendered HTML cannot know (the session, ads) must wait for it: data that arrived while
 * part of the page was still hydrating would render differently from the HTML, and React would
 * throw the page away (error #418). A prerendered form keeps its submit button disabled until
 * then: pressed before the app has loaded, the browser would send the form itself, with the
 * password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
