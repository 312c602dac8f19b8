import type { Database } from '../db/client';
import { systemLogs } from '../db/schema';
import type { Logger } from './logger';

type Entry = Omit<typeof systemLogs.$inferInsert, 'id' | 'createdAt'>;

/** How long an entry may wait before its batch is written, and the most entries one insert carries. */
const FLUSH_MS = 250;
const MAX_BATCH = 500;

/**
 * System log entries that may reach the table a moment late, written in batches: one insert
 * (one commit) for everything recorded in the last FLUSH_MS, instead of one per request.
 * Discovery records a page shown this way, on every page. Each entry keeps the time it was
 * recorded. What is waiting when the server stops is written before the database closes; a
 * crash loses at most FLUSH_MS of entries, which a record of pages shown can bear (entries a
 * rule depends on, such as admin actions, are written in their own transaction instead).
 */
export class BatchedSystemLog {
  private waiting: (Entry & { createdAt: Date })[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The batches being written, one after another. */
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  add(entry: Entry): void {
    this.waiting.push({ ...entry, createdAt: new Date() });
    if (this.waiting.length >= MAX_BATCH) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is waiting; resolves once every batch so far is in the table (or failed, and said so). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length > 0) {
      this.written = this.written
        .then(() =>
          this.database.db
            .insert(systemLogs)
            .values(batch)
            .then(() => undefined),
        )
        .catch((error: unknown) =>
          this.logger.warn({ err: error, entries: batch.length }, 'system log entries not written'),
        );
    }
    return this.written;
  }
}
