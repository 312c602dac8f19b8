CREATE TABLE "reminder_mail" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_mail_user_id_kind_key_pk" PRIMARY KEY("user_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"new_match" boolean DEFAULT true NOT NULL,
	"unread_message" boolean DEFAULT true NOT NULL,
	"date_tomorrow" boolean DEFAULT true NOT NULL,
	"date_to_verify" boolean DEFAULT true NOT NULL,
	"report_outcome" boolean DEFAULT true NOT NULL,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_mail" ADD CONSTRAINT "reminder_mail_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unread_messages_idx" ON "notifications" USING btree ("created_at") WHERE read_at is null and type = 'message';