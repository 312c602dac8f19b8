import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type AliasOptions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { stampServiceWorker } from './scripts/sw-version.mjs';

const alias = {
  '@contracts': path.resolve(import.meta.dirname, 'contracts'),
  '@': path.resolve(import.meta.dirname, 'web/src'),
};

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), prerenderPages(alias), serviceWorkerVersion()],
  resolve: { alias },
  // Every browser the app supports preloads modules itself (Chrome 66, Safari 17, Firefox 115).
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page runs before it can render, in one file. Left to itself the bundler cuts
        // these libraries into pieces by which lazy page shares which part, and each page then
        // fetches several small files, each compressed on its own.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true } },
  },
});

/** The pages prerendered: the file each is written to beside index.html, and its route module. */
const PAGES = [{ url: '/', file: 'landing.html', module: 'src/app/routes/landing.tsx' }];

/**
 * After the browser build: renders the landing page to HTML with a server build of the app
 * (web/src/prerender-entry.tsx) and writes it into a copy of index.html. The server answers
 * `/` with that file, so a first visit paints the page before its JavaScript has arrived,
 * and React hydrates it.
 */
function prerenderPages(alias: AliasOptions): Plugin {
  let root = '';
  let outDir = '';
  /** Each route module's chunk and the chunks it imports, from the browser build. */
  const chunksOf = new Map<string, string[]>();
  return {
    name: 'vouch-prerender-pages',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const module = path.relative(root, chunk.facadeModuleId);
        chunksOf.set(module, [chunk.fileName, ...chunk.imports]);
      }
    },
    async closeBundle() {
      // Inside node_modules, so the server build's own imports (react, react-router) resolve.
      const serverOut = fs.mkdtempSync(path.join(import.meta.dirname, 'node_modules', '.vouch-prerender-'));
      try {
        await renderInto(serverOut);
      } finally {
        fs.rmSync(serverOut, { recursive: true, force: true });
      }
    },
  };

  async function renderInto(serverOut: string) {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      mode: 'production',
      resolve: { alias },
      publicDir: false,
      plugins: [react()],
      build: { ssr: 'src/prerender-entry.tsx', outDir: serverOut, emptyOutDir: true },
    });
    const entry = fs.readdirSync(serverOut).find((name) => name.startsWith('prerender-entry.'))!;
    const { renderPage } = (await import(`${pathToFileURL(path.join(serverOut, entry)).href}?${Date.now()}`)) as {
      renderPage: (url: string) => Promise<string>;
    };
    const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
    for (const page of PAGES) {
      const html = await renderPage(page.url);
      // The page's own chunks load beside the entry, not after it has run.
      const files = new Set((chunksOf.get(page.module) ?? []).filter((file) => !shell.includes(file)));
      const preloads = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      const filled = shell
        .replace('</head>', `${preloads}</head>`)
        .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
      fs.writeFileSync(path.join(outDir, page.file), filled);
    }
  }
}

/** Names the service worker's cache after this build (scripts/sw-version.mjs), once it is written. */
function serviceWorkerVersion(): Plugin {
  return {
    name: 'vouch-service-worker-version',
    apply: 'build',
    closeBundle: {
      order: 'post',
      handler: () => void stampServiceWorker(path.resolve(import.meta.dirname, 'dist/web')),
    },
  };
}
