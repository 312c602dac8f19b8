-- When a member's stored position last changed: moves are limited in number and in speed, so no
-- one can walk their own position around a target to locate them.
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "location_changed_at" timestamp with time zone;
