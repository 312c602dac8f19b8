ALTER TABLE "profiles" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, name || ' ' || coalesce(bio, ''))) STORED;--> statement-breakpoint
CREATE INDEX profiles_search_words_idx ON profiles USING gin (search_words) WHERE hidden = false;--> statement-breakpoint
DROP INDEX IF EXISTS profiles_search_trgm_idx;
