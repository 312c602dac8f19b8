import { bit, customType, index, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { photos } from './profiles';
import { moderationCases } from './safety';
import { selfieSubmissions } from './trust';
import { createdAtNow, primaryId } from './columns';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The print of every stored photo and selfie (images/photo-print.ts), to recognise the same
 * picture on another account. A print goes with its picture, except where the picture's owner
 * was banned, was under a case when they deleted their account, or had the picture removed by an
 * administrator (keptBecause): then only the print stays, so the same pictures coming back on
 * another account are found.
 */
export const imagePrints = pgTable(
  'image_prints',
  {
    id: primaryId(),
    /** The owner while their account exists. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The account that uploaded the picture, kept after that account is deleted. */
    uploadedBy: text('uploaded_by').notNull(),
    photoId: uuid('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    selfieId: uuid('selfie_id').references(() => selfieSubmissions.id, { onDelete: 'set null' }),
    hash: bit('hash', { dimensions: 64 }).notNull(),
    crops: bit('crops', { dimensions: 64 }).array().notNull(),
    colours: bytea('colours').notNull(),
    /** banned, reported or removed: why the print outlives its picture. */
    keptBecause: text('kept_because'),
    createdAt: createdAtNow(),
  },
  (t) => [
    index('image_prints_user_idx').on(t.userId),
    index('image_prints_uploaded_by_idx').on(t.uploadedBy),
    index('image_prints_photo_idx').on(t.photoId),
    index('image_prints_selfie_idx').on(t.selfieId),
  ],
);

/**
 * What a "reused photo" case compares: the new picture's print and the print it matched, with
 * how close they were. The moderator sees both pictures side by side, where they still exist.
 */
export const reusedPhotoMatches = pgTable('reused_photo_matches', {
  caseId: uuid('case_id')
    .primaryKey()
    .references(() => moderationCases.id, { onDelete: 'cascade' }),
  printId: uuid('print_id').references(() => imagePrints.id, { onDelete: 'set null' }),
  matchedPrintId: uuid('matched_print_id').references(() => imagePrints.id, { onDelete: 'set null' }),
  /** The other account, kept after it is deleted. */
  matchedUserId: text('matched_user_id').notNull(),
  bits: integer('bits').notNull(),
  colourDistance: real('colour_distance').notNull(),
});
