-- A realtime event too large for pg_notify's 8,000 bytes (a long message of 4-byte characters or
-- control characters, escaped in JSON) waits here; the notification carries its id. Rows are
-- read by every instance within a moment and removed after a minute.
CREATE TABLE IF NOT EXISTS "realtime_spill" (
  "id" bigserial PRIMARY KEY,
  "envelope" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
