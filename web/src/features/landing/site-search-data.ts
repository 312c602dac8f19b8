import { useEffect } from 'react';

const ELEMENT_ID = 'site-search-structured-data';

/** Adds the site-level search structured data to <head>, once per page load. */
export function useSiteSearchStructuredData() {
  useEffect(() => {
    if (document.getElementById(ELEMENT_ID)) return;
    const script = document.createElement('script');
    script.id = ELEMENT_ID;
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Vouch',
      url: window.location.origin,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${window.location.origin}/discover?q={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    });
    document.head.appendChild(script);
  }, []);
}
