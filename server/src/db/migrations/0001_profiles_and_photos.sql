CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"large_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"age" integer,
	"gender" text,
	"location" text,
	"bio" text,
	"interests" text[] DEFAULT '{}' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"selfie_verified" boolean DEFAULT false NOT NULL,
	"avg_rating" real,
	"review_count" integer DEFAULT 0 NOT NULL,
	"safe_for_family_badge" boolean DEFAULT false NOT NULL,
	"safe_for_home_badge" boolean DEFAULT false NOT NULL,
	"date_again_badge" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_user_position_idx" ON "photos" USING btree ("user_id","position");