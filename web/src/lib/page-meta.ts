import { useEffect } from 'react';

/** The site's description (as in index.html), for pages that do not have one of their own. */
export const DEFAULT_DESCRIPTION =
  'Vouch is the safety-first dating app: selfie-verified members, photo-verified dates and honest ratings from people who really met.';

/** Sets the document title and the meta description (the site's own when none is given). */
export function usePageMeta(title: string, description = DEFAULT_DESCRIPTION) {
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
