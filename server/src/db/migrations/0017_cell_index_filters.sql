-- Nearby reads each grid cell in score order. The filters that make a page rare (an age range,
-- verified-only, the bounding box) are key columns after the sort key, so the index itself
-- rejects the rows they exclude, with no visit to the table; a gender-led copy serves the
-- browse filter's genders. A missing age counts as 25, the profile's display default
-- (PROFILE_DEFAULTS.age), here as in the query. The indexes are partial, so the planner takes
-- no statistics from them: the expression gets statistics of its own.
CREATE STATISTICS IF NOT EXISTS profiles_discovery_age_stats ON (coalesce(age, 25)) FROM profiles;--> statement-breakpoint
DROP INDEX IF EXISTS profiles_geo_cell_idx;--> statement-breakpoint
CREATE INDEX profiles_geo_cell_idx ON profiles (geo_cell, score DESC, user_id DESC, (coalesce(age, 25)), selfie_verified, latitude, longitude) WHERE hidden = false AND geo_cell IS NOT NULL;--> statement-breakpoint
CREATE INDEX profiles_gender_cell_idx ON profiles (gender_group, geo_cell, score DESC, user_id DESC, (coalesce(age, 25)), selfie_verified, latitude, longitude) WHERE hidden = false AND geo_cell IS NOT NULL;--> statement-breakpoint
-- The city filter's indexes carry the same filters, so a city is still read from its own index.
DROP INDEX IF EXISTS profiles_location_idx;--> statement-breakpoint
CREATE INDEX profiles_location_idx ON profiles (location, score DESC, user_id DESC, gender_group, (coalesce(age, 25)), selfie_verified) WHERE hidden = false AND location IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS profiles_location_cell_idx;--> statement-breakpoint
CREATE INDEX profiles_location_cell_idx ON profiles (location, geo_cell, score DESC, user_id DESC, gender_group, (coalesce(age, 25)), selfie_verified, latitude, longitude) WHERE hidden = false AND location IS NOT NULL AND geo_cell IS NOT NULL;
