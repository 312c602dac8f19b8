CREATE TABLE "moderation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"opened_by" text,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"source" text,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence_sha256" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"outcome_note" text,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"group_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "past_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"user_a" text NOT NULL,
	"user_b" text NOT NULL,
	"unmatched_by" text NOT NULL,
	"matched_at" timestamp with time zone NOT NULL,
	"unmatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"snapshot" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "past_matches_match_id_unique" UNIQUE("match_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "nudge" text;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_opened_by_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "past_matches" ADD CONSTRAINT "past_matches_user_a_user_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "past_matches" ADD CONSTRAINT "past_matches_user_b_user_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "past_matches" ADD CONSTRAINT "past_matches_unmatched_by_user_id_fk" FOREIGN KEY ("unmatched_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_idx" ON "moderation_cases" USING btree ("status","kind","created_at");--> statement-breakpoint
CREATE INDEX "moderation_cases_opened_by_idx" ON "moderation_cases" USING btree ("opened_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_client_key_idx" ON "moderation_cases" USING btree ("opened_by","client_key");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group_idx" ON "notifications" USING btree ("user_id","group_key") WHERE read_at is null and group_key is not null;--> statement-breakpoint
CREATE INDEX "past_matches_user_a_idx" ON "past_matches" USING btree ("user_a");--> statement-breakpoint
CREATE INDEX "past_matches_user_b_idx" ON "past_matches" USING btree ("user_b");--> statement-breakpoint
CREATE INDEX "past_matches_expires_idx" ON "past_matches" USING btree ("expires_at");