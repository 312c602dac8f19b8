// Types for the TypeScript callers of postgres-cluster.mjs (the benchmark and reliability tests).
export type PostgresCluster = { url: string; dataDir: string; halt(): void; resume(): void; stop(): void };
export function ensurePostgresBinaries(): boolean;
export function startPostgresCluster(options?: {
  durable?: boolean;
  settings?: Record<string, string>;
}): Promise<PostgresCluster>;
