// Types for the TypeScript callers of sw-version.mjs (vite.config.ts, its test).
export function buildVersion(distDir: string): string;
export function stampServiceWorker(distDir: string): string;
