ALTER TABLE "date_check_ins" DROP CONSTRAINT "date_check_ins_plan_id_date_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "date_check_ins" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "date_check_ins" ADD COLUMN "other_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "date_check_ins" ADD COLUMN "other_photo" "bytea";--> statement-breakpoint
ALTER TABLE "date_check_ins" ADD COLUMN "place" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "date_check_ins" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "date_check_ins" ADD COLUMN "date_ended" text;--> statement-breakpoint
ALTER TABLE "date_check_ins" ADD CONSTRAINT "date_check_ins_plan_id_date_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."date_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "date_check_ins" ci SET
  "place" = dp."place",
  "starts_at" = dp."starts_at",
  "other_name" = coalesce(split_part(trim(coalesce(op."name", ou."name")), ' ', 1), '')
FROM "date_plans" dp
JOIN "user" ou ON true
LEFT JOIN "profiles" op ON op."user_id" = ou."id"
WHERE dp."id" = ci."plan_id"
  AND ou."id" = CASE WHEN dp."proposed_by" = ci."user_id" THEN dp."invitee" ELSE dp."proposed_by" END;
