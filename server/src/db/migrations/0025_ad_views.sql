-- Who has been counted for an ad today: one impression and one click per visitor (a member, or
-- an address for a visitor) and ad per UTC day, so a script cannot inflate the counters.
CREATE TABLE IF NOT EXISTS "ad_views" (
  "ad_id" uuid NOT NULL REFERENCES "ads"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "visitor" text NOT NULL,
  "day" date NOT NULL DEFAULT (now() at time zone 'utc')::date,
  PRIMARY KEY ("ad_id", "kind", "visitor", "day")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ad_views_day_idx" ON "ad_views" ("day");
