export const DEBIAN_CHROMIUM: string;
export function findChromium(env?: NodeJS.ProcessEnv): string | null;
export function chromiumMissingMessage(env?: NodeJS.ProcessEnv): string;
