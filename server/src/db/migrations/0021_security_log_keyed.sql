-- The security log is append-only: no UPDATE, DELETE or TRUNCATE gets through (a role that owns
-- the table can still disable the trigger; the keyed chain and head below catch what it does).
CREATE OR REPLACE FUNCTION security_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'security_logs is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS security_logs_no_change ON security_logs;--> statement-breakpoint
CREATE TRIGGER security_logs_no_change BEFORE UPDATE OR DELETE ON security_logs FOR EACH ROW EXECUTE FUNCTION security_logs_append_only();--> statement-breakpoint
DROP TRIGGER IF EXISTS security_logs_no_truncate ON security_logs;--> statement-breakpoint
CREATE TRIGGER security_logs_no_truncate BEFORE TRUNCATE ON security_logs FOR EACH STATEMENT EXECUTE FUNCTION security_logs_append_only();--> statement-breakpoint
-- The chain's newest entry, signed with the server's key: removing the newest entries (which
-- leaves an intact but shorter chain) no longer matches it.
CREATE TABLE IF NOT EXISTS "security_log_head" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "seq" bigint NOT NULL,
  "hash" text NOT NULL,
  "mac" text NOT NULL
);
