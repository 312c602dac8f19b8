// Types for the TypeScript callers of lib.mjs (the benchmark).
export function ensureWebBuild(): void;
export function freePort(): Promise<number>;
export function dependenciesToInstall(dir?: string): string[];
/** The path of a command installed in node_modules/.bin. */
export function bin(name: string): string;
