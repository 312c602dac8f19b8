import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { RouteErrorBoundary } from './app/route-error';
import { AppRoutes } from './app/router';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);

// The installable app: the service worker caches the app shell and serves the offline page.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('service worker not registered', error));
  });
}
