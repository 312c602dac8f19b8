-- A report or safety case outlives the account it is about: deleting the account keeps the case,
-- its sealed evidence and a tombstone (the former id, name and email) instead of cascading.
ALTER TABLE "moderation_cases" DROP CONSTRAINT IF EXISTS "moderation_cases_subject_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "moderation_cases" ALTER COLUMN "subject_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN IF NOT EXISTS "subject_tombstone" jsonb;--> statement-breakpoint
-- What a banned or reported member left behind when they deleted their account: a keyed hash of
-- the email (never the address itself) and the perceptual hashes of their photos, so the same
-- person coming back is flagged to the moderators.
CREATE TABLE IF NOT EXISTS "returning_watch" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "email_key" text NOT NULL,
  "reason" text NOT NULL,
  "former_user_id" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "returning_watch_email_idx" ON "returning_watch" ("email_key");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "returning_watch_photos" (
  "watch_id" uuid NOT NULL REFERENCES "returning_watch"("id") ON DELETE cascade,
  "dhash" bit(64) NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "returning_watch_photos_watch_idx" ON "returning_watch_photos" ("watch_id");--> statement-breakpoint
-- A 64-bit difference hash of each photo as stored, to recognise the same picture uploaded again.
ALTER TABLE "photos" ADD COLUMN IF NOT EXISTS "dhash" bit(64);--> statement-breakpoint
-- Why a selfie waits for review: the member sent it, or their photos changed after approval.
ALTER TABLE "selfie_submissions" ADD COLUMN IF NOT EXISTS "trigger" text NOT NULL DEFAULT 'member';
