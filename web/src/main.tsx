import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { RouteErrorBoundary } from './app/route-error';
import { AppRoutes, loadLanding } from './app/router';
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
// The landing page arrives prerendered (prerenderPages in vite.config.ts) and React takes that HTML over; every
// other page starts from an empty root. The page's chunk comes first: a boundary still waiting
// for its code when the session answers would be thrown away and painted again (a layout shift).
toastUncaughtErrors();
const root = document.getElementById('root')!;
if (root.hasChildNodes()) void loadLanding().then(() => hydrateRoot(root, app));
else createRoot(root).render(app);

// The installable app: the service worker caches the app shell and serves the offline page.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('service worker not registered', error));
  });
}
