ALTER TABLE "security_logs" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "security_logs" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "security_logs" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "security_logs_event_type_idx" ON "security_logs" USING btree ("event_type","created_at");--> statement-breakpoint
ALTER TABLE "security_logs" ADD CONSTRAINT "security_logs_seq_unique" UNIQUE("seq");