import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { RouteErrorBoundary } from './app/route-error';
import { AppRoutes, PRERENDERED_CHUNKS } from './app/router';
import { toastUncaughtErrors } from './app/uncaught-errors';
import './styles.css';

const app = (
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </Providers>
    </BrowserRouter>
  </StrictMode>
);
// A prerendered page (contracts/pages.ts) arrives as HTML and React takes it over, once its
// chunk is here; every other page starts from an empty root.
toastUncaughtErrors();
const root = document.getElementById('root')!;
const prerendered = root.hasChildNodes()
  ? PRERENDERED_CHUNKS[location.pathname as keyof typeof PRERENDERED_CHUNKS]
  : null;
// Hydration as a transition: React yields to the browser every few milliseconds instead of
// taking the main thread for the whole page at once (a long task a phone feels as a freeze).
if (prerendered) void prerendered().then(() => startTransition(() => void hydrateRoot(root, app)));
else createRoot(root).render(app);

// The installable app: the service worker caches the app shell and serves the offline page.
// Registered once the page has loaded, so it does not compete with the page; on a prerendered
// page this script itself starts after that.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('service worker not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
