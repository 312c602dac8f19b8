CREATE TABLE "discovery_locations" (
	"location" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO discovery_locations (location) SELECT DISTINCT location FROM profiles WHERE location IS NOT NULL;--> statement-breakpoint
-- Any write of a profile's location records the text; a text is never removed (it then matches no one).
CREATE FUNCTION discovery_location_seen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO discovery_locations (location) VALUES (NEW.location) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_location_seen AFTER INSERT OR UPDATE OF location ON profiles
  FOR EACH ROW WHEN (NEW.location IS NOT NULL) EXECUTE FUNCTION discovery_location_seen();--> statement-breakpoint
CREATE INDEX discovery_locations_trgm_idx ON discovery_locations USING gin (location gin_trgm_ops);--> statement-breakpoint
CREATE INDEX profiles_location_idx ON profiles (location, score DESC, user_id DESC) WHERE hidden = false AND location IS NOT NULL;--> statement-breakpoint
CREATE INDEX profiles_location_cell_idx ON profiles (location, geo_cell, score DESC, user_id DESC) WHERE hidden = false AND location IS NOT NULL AND geo_cell IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS profiles_location_trgm_idx;
