ALTER TABLE "matches" ADD COLUMN "announced_to_a" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "announced_to_b" boolean DEFAULT false NOT NULL;