-- Discovery at scale (docs/decisions/004-discovery.md): each index yields rows in
-- (score, user id) order so a page stops after 20 hits; text and place filters use trigram
-- indexes; nearby uses a GiST index on the earth position of the snapped coordinates.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE INDEX profiles_discovery_idx ON profiles (score DESC, user_id DESC) INCLUDE (age, gender_group, selfie_verified) WHERE hidden = false;--> statement-breakpoint
CREATE INDEX profiles_gender_discovery_idx ON profiles (gender_group, score DESC, user_id DESC) INCLUDE (age, selfie_verified) WHERE hidden = false;--> statement-breakpoint
CREATE INDEX profiles_search_trgm_idx ON profiles USING gin ((name || ' ' || coalesce(bio, '')) gin_trgm_ops) WHERE hidden = false;--> statement-breakpoint
CREATE INDEX profiles_location_trgm_idx ON profiles USING gin (location gin_trgm_ops) WHERE hidden = false;--> statement-breakpoint
CREATE INDEX profiles_earth_idx ON profiles USING gist (ll_to_earth(latitude, longitude)) WHERE hidden = false AND latitude IS NOT NULL AND longitude IS NOT NULL;
