CREATE TABLE "date_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"proposed_by" text NOT NULL,
	"invitee" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"replaced_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_shares" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"uploaded_by" text NOT NULL,
	"photo_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings_access" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unlocked" boolean DEFAULT false NOT NULL,
	"unlocked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"reviewer_id" text NOT NULL,
	"reviewee_id" text NOT NULL,
	"overall" integer NOT NULL,
	"safety" integer NOT NULL,
	"respect" integer NOT NULL,
	"communication" integer NOT NULL,
	"safe_for_family" boolean DEFAULT false NOT NULL,
	"safe_for_home" boolean DEFAULT false NOT NULL,
	"would_date_again" boolean DEFAULT false NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_scores" CHECK (overall between 1 and 5 and safety between 1 and 5 and respect between 1 and 5 and communication between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "selfie_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"pose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selfie_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"challenge_id" uuid NOT NULL,
	"pose" text NOT NULL,
	"image_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_proposed_by_user_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_invitee_user_id_fk" FOREIGN KEY ("invitee") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_shares" ADD CONSTRAINT "date_shares_plan_id_date_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."date_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_shares" ADD CONSTRAINT "date_shares_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_verifications" ADD CONSTRAINT "date_verifications_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_verifications" ADD CONSTRAINT "date_verifications_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings_access" ADD CONSTRAINT "ratings_access_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewee_id_user_id_fk" FOREIGN KEY ("reviewee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_challenges" ADD CONSTRAINT "selfie_challenges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_submissions" ADD CONSTRAINT "selfie_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_submissions" ADD CONSTRAINT "selfie_submissions_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "date_plans_conversation_idx" ON "date_plans" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "date_plans_invitee_idx" ON "date_plans" USING btree ("invitee");--> statement-breakpoint
CREATE INDEX "date_plans_proposed_by_idx" ON "date_plans" USING btree ("proposed_by");--> statement-breakpoint
CREATE INDEX "date_verifications_conversation_idx" ON "date_verifications" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "date_verifications_one_open_idx" ON "date_verifications" USING btree ("conversation_id") WHERE status in ('pending', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_member_idx" ON "reviews" USING btree ("conversation_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id","revealed_at");--> statement-breakpoint
CREATE INDEX "reviews_hidden_idx" ON "reviews" USING btree ("created_at") WHERE revealed_at is null;--> statement-breakpoint
CREATE INDEX "selfie_submissions_user_idx" ON "selfie_submissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "selfie_submissions_status_idx" ON "selfie_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "selfie_submissions_one_pending_idx" ON "selfie_submissions" USING btree ("user_id") WHERE status = 'pending';