import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type AliasOptions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { stampServiceWorker } from './scripts/sw-version.mjs';
import { START_AFTER_PAINT_SCRIPT, THEME_INIT_SCRIPT } from './contracts/inline-scripts.ts';
import { PRERENDERED_PAGES } from './contracts/pages.ts';

const alias = {
  '@contracts': path.resolve(import.meta.dirname, 'contracts'),
  '@': path.resolve(import.meta.dirname, 'web/src'),
};

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), inlineThemeScript(), prerenderPages(alias), serviceWorkerVersion()],
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

/**
 * Writes the theme script into the page's head, inline: as a file of its own it was a request
 * the first paint waited for. The server's CSP allows this exact text by its hash.
 */
function inlineThemeScript(): Plugin {
  const placeholder = '<script data-theme-init></script>';
  return {
    name: 'vouch-inline-theme-script',
    transformIndexHtml(html) {
      if (!html.includes(placeholder)) throw new Error('index.html has no theme script placeholder');
      return html.replace(placeholder, `<script>${THEME_INIT_SCRIPT}</script>`);
    },
  };
}

/**
 * After the browser build: renders each of PRERENDERED_PAGES (contracts/pages.ts) to HTML with a
 * server build of the app (web/src/prerender-entry.tsx) and writes it into a copy of index.html.
 * The server answers the page's path with that file, so a first visit paints the page before
 * its JavaScript has arrived, and React hydrates it.
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
    // The page's scripts start once it is painted (START_AFTER_PAINT_SCRIPT): the entry, then
    // what it imports and the page's own chunks, fetched beside it rather than after it has run.
    const moduleTags =
      /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g;
    const shellScripts = [...shell.matchAll(moduleTags)].map((match) => match[1] ?? match[2]);
    if (!shellScripts[0]?.includes('/index-')) throw new Error('index.html has no module entry where expected');
    const bare = shell.replace(moduleTags, '');
    for (const page of PRERENDERED_PAGES) {
      const html = await renderPage(page.path);
      const own = (chunksOf.get(page.module) ?? []).map((file) => `/${file}`);
      const scripts = [...new Set([...shellScripts, ...own])].join(' ');
      const filled = bare
        .replace('<div id="root"></div>', `<div id="root" data-scripts="${scripts}">${html}</div>`)
        .replace('</body>', `<script>${START_AFTER_PAINT_SCRIPT}</script></body>`);
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
