CREATE TABLE "image_prints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"uploaded_by" text NOT NULL,
	"photo_id" uuid,
	"selfie_id" uuid,
	"hash" bit(64) NOT NULL,
	"crops" bit(64)[] NOT NULL,
	"colours" "bytea" NOT NULL,
	"kept_because" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reused_photo_matches" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"print_id" uuid,
	"matched_print_id" uuid,
	"matched_user_id" text NOT NULL,
	"bits" integer NOT NULL,
	"colour_distance" real NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_prints" ADD CONSTRAINT "image_prints_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_prints" ADD CONSTRAINT "image_prints_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_prints" ADD CONSTRAINT "image_prints_selfie_id_selfie_submissions_id_fk" FOREIGN KEY ("selfie_id") REFERENCES "public"."selfie_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reused_photo_matches" ADD CONSTRAINT "reused_photo_matches_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reused_photo_matches" ADD CONSTRAINT "reused_photo_matches_print_id_image_prints_id_fk" FOREIGN KEY ("print_id") REFERENCES "public"."image_prints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reused_photo_matches" ADD CONSTRAINT "reused_photo_matches_matched_print_id_image_prints_id_fk" FOREIGN KEY ("matched_print_id") REFERENCES "public"."image_prints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_prints_user_idx" ON "image_prints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "image_prints_uploaded_by_idx" ON "image_prints" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "image_prints_photo_idx" ON "image_prints" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "image_prints_selfie_idx" ON "image_prints" USING btree ("selfie_id");