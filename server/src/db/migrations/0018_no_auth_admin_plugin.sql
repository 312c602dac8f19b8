-- Admin rights live in admin_users alone. better-auth's admin plugin (and with it the role that
-- its own /api/auth/admin/* routes trusted, and impersonation) is gone, and so are its columns.
ALTER TABLE "user" DROP COLUMN IF EXISTS "role";--> statement-breakpoint
ALTER TABLE "session" DROP COLUMN IF EXISTS "impersonated_by";
