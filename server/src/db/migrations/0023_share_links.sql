-- A shared date shows the photo the match had when it was shared (or none), not whatever they
-- upload later; and a link can be revoked.
ALTER TABLE "date_shares" ADD COLUMN IF NOT EXISTS "photo_key" text;--> statement-breakpoint
ALTER TABLE "date_shares" ADD COLUMN IF NOT EXISTS "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "date_shares_plan_idx" ON "date_shares" ("plan_id");
