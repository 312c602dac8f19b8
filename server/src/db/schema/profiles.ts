import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { memberId } from './auth';
import { at, createdAtNow, primaryId } from './columns';
import { geoCellOfRow } from '../geo-cells';

/** PostgreSQL's full-text document type; only the database reads it (discovery's text search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A member's public face. Coordinates are stored already snapped to a ~2 km grid and are
 * never sent to another member (location privacy).
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: memberId('user_id').primaryKey(),
    name: text('name').notNull(),
    age: integer('age'),
    gender: text('gender'),
    location: text('location'),
    bio: text('bio'),
    interests: text('interests').array().notNull().default([]),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    selfieVerified: boolean('selfie_verified').notNull().default(false),
    avgRating: real('avg_rating'),
    reviewCount: integer('review_count').notNull().default(0),
    safeForFamilyBadge: boolean('safe_for_family_badge').notNull().default(false),
    safeForHomeBadge: boolean('safe_for_home_badge').notNull().default(false),
    dateAgainBadge: boolean('date_again_badge').notNull().default(false),
    /**
     * Hidden profiles never appear in discovery. The effective flag, read by the discovery
     * indexes: true while the member hides their profile (hidden_by_member) or is banned.
     */
    hidden: boolean('hidden').notNull().default(false),
    /** Privacy settings, free for everyone: hide my profile, show my distance, verified-only messages. */
    hiddenByMember: boolean('hidden_by_member').notNull().default(false),
    /** When the stored position last changed (moves are limited in number and speed). */
    locationChangedAt: at('location_changed_at'),
    showDistance: boolean('show_distance').notNull().default(true),
    verifiedOnlyMessages: boolean('verified_only_messages').notNull().default(false),
    /** Premium boost: first in discovery until this time. */
    boostedUntil: at('boosted_until'),
    /** Last time the member used the app, to the nearest few minutes (the 'recently active' filter). */
    lastActiveAt: at('last_active_at'),
    /**
     * Discovery order: average rating plus one for each trust badge and for selfie
     * verification. Kept by the database so the discovery index can walk it directly.
     */
    score: real('score')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(avg_rating, 0) + (case when safe_for_family_badge then 1 else 0 end) + (case when safe_for_home_badge then 1 else 0 end) + (case when selfie_verified then 1 else 0 end)`,
      ),
    /** The browse filter's group for the gender: male, female or other (null when unset). */
    genderGroup: text('gender_group').generatedAlwaysAs(
      sql`case when gender is null then null when gender = 'man' then 'male' when gender = 'woman' then 'female' else 'other' end`,
    ),
    /**
     * The 0.2° grid cell of the snapped position (about 22 km): nearby search reads the top of
     * each cell around the viewer from profiles_geo_cell_idx (docs/design/discovery-queries.md).
     */
    geoCell: integer('geo_cell').generatedAlwaysAs(geoCellOfRow),
    /**
     * The words of the name and bio, lower-cased and unstemmed ('simple'): discovery's text
     * search matches each typed word as a word prefix through profiles_search_words_idx (docs/design/discovery-queries.md).
     */
    searchWords: tsvector('search_words').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, name || ' ' || coalesce(bio, ''))`,
    ),
    createdAt: createdAtNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => {
    const shown = sql`${t.hidden} = false`;
    // A missing age counts as 25, the profile's display default, in these keys as in the queries.
    const age = sql`coalesce(${t.age}, 25)`;
    // DESC in PostgreSQL puts nulls first; Drizzle's .desc() alone would write NULLS LAST, an order
    // the queries (score desc, user_id desc) do not ask for.
    // Discovery pages read the top of one index in score order; the filters that make a page rare
    // are key columns after the sort key, so the index rejects what they exclude (docs/design/discovery-queries.md).
    // Two more discovery indexes carry INCLUDE columns, which Drizzle cannot declare: they live in
    // migration 0004 alone (profiles_discovery_idx, profiles_gender_discovery_idx).
    // .desc() marks the column's builder, so a list of keys built once and shared by two indexes
    // came out of drizzle-kit without the DESC on the second (schema.api.test.ts caught it): the
    // cell indexes' shared tail is built anew for each.
    const cellKeys = () => [
      t.score.desc().nullsFirst(),
      t.userId.desc().nullsFirst(),
      age,
      t.selfieVerified,
      t.latitude,
      t.longitude,
    ];
    return [
      index('profiles_geo_cell_idx')
        .on(t.geoCell, ...cellKeys())
        .where(sql`${shown} and ${t.geoCell} is not null`),
      index('profiles_gender_cell_idx')
        .on(t.genderGroup, t.geoCell, ...cellKeys())
        .where(sql`${shown} and ${t.geoCell} is not null`),
      index('profiles_location_idx')
        .on(t.location, t.score.desc().nullsFirst(), t.userId.desc().nullsFirst(), t.genderGroup, age, t.selfieVerified)
        .where(sql`${shown} and ${t.location} is not null`),
      index('profiles_location_cell_idx')
        .on(
          t.location,
          t.geoCell,
          t.score.desc().nullsFirst(),
          t.userId.desc().nullsFirst(),
          t.genderGroup,
          age,
          t.selfieVerified,
          t.latitude,
          t.longitude,
        )
        .where(sql`${shown} and ${t.location} is not null and ${t.geoCell} is not null`),
      index('profiles_earth_idx')
        .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
        .where(sql`${shown} and ${t.latitude} is not null and ${t.longitude} is not null`),
      index('profiles_boosted_idx')
        .on(t.boostedUntil)
        .where(sql`${shown} and ${t.boostedUntil} is not null`),
      index('profiles_search_words_idx').using('gin', t.searchWords).where(shown),
    ];
  },
);

/**
 * Every location text a profile has had, kept by a trigger on profiles (migration 0016). The
 * city filter finds the matching texts here, then reads the top of each from
 * profiles_location_idx (docs/design/discovery-queries.md). A text no profile has any more matches no one.
 */
export const discoveryLocations = pgTable(
  'discovery_locations',
  {
    location: text('location').primaryKey(),
  },
  (t) => [index('discovery_locations_trgm_idx').using('gin', t.location.op('gin_trgm_ops'))],
);

/** Profile photos, re-encoded without metadata; position 0 is the main photo. */
export const photos = pgTable(
  'photos',
  {
    id: primaryId(),
    userId: memberId('user_id'),
    position: integer('position').notNull(),
    largeKey: text('large_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAtNow(),
  },
  (t) => [index('photos_user_position_idx').on(t.userId, t.position)],
);
