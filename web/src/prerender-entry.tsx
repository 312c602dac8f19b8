// Renders a page to HTML at build time (prerenderPages in vite.config.ts), with the same tree as
// main.tsx: the browser then hydrates that HTML instead of painting from nothing.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { RouteErrorBoundary } from './app/route-error';
import { AppRoutes } from './app/router';

/** The HTML of one page, whole: lazy chunks are waited for and written in place. */
export async function renderPage(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <Providers>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </Providers>
      </StaticRouter>
    </StrictMode>,
    // Without this, a boundary over 12.8 KB is written out of place, for an inline script to move.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // A part still suspended would need an inline script to be revealed, which the CSP refuses.
  if (html.includes('<!--$?-->') || html.includes('<script')) throw new Error(`${url} did not render whole`);
  return html;
}
