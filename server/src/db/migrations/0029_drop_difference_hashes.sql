DROP TABLE "returning_watch_photos" CASCADE;--> statement-breakpoint
ALTER TABLE "photos" DROP COLUMN "dhash";