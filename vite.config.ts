import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@contracts': path.resolve(import.meta.dirname, 'contracts'),
      '@': path.resolve(import.meta.dirname, 'web/src'),
    },
  },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true } },
  },
});
