import { asc, like } from 'drizzle-orm';
import type { Deps } from '../../lib/context';
import { photos } from '../../db/schema';
import { photoPrint, type PhotoPrint } from '../../images/photo-print';
import { processImage } from '../../images/process-image';
import { prng } from '../../lib/random';
import { drawPortrait } from './portraits';

/** Where the seed's shared portraits are stored: one key per drawn picture, whoever wears it. */
const POOL_PREFIX = 'photos/seed-portraits/';
const keysOf = (owner: number, photo: number) => ({
  largeKey: `${POOL_PREFIX}${owner + 1}-${photo}-large.webp`,
  thumbKey: `${POOL_PREFIX}${owner + 1}-${photo}-thumb.webp`,
});

/** Drawing and re-encoding runs on sharp's threads: two at a time keeps both cores busy. */
const DRAWING_CONCURRENCY = 2;

/** A stored picture; `print` only for one drawn in this run (an earlier run's owner has theirs already). */
export type Picture = { largeKey: string; thumbKey: string; width: number; height: number; print: PhotoPrint | null };

/** A member who owns portraits: the first members of the seed, each drawn as they always were. */
export type PortraitOwner = { index: number; portraitSeed: number; woman: boolean };

/**
 * The seed's portraits. Drawing one with sharp costs about 50 ms, so 100,000 members cannot
 * each have their own: the first members of the seed ("owners") get theirs drawn, exactly as
 * before, and every later member wears the pictures of an owner. A picture is drawn and stored
 * once, under a key of its own that every photo row showing it points to.
 *
 * The keys are fixed (owner and photo number), so a rerun finds what an earlier run stored,
 * and a run stopped between storing and inserting overwrites the same files with the same bytes.
 */
export class PortraitPool {
  private readonly pictures = new Map<string, Picture>();
  /** Each owner's generator as far as it has drawn: a later picture continues its sequence. */
  private readonly cursors = new Map<number, { draw: () => number; drawn: number }>();

  private constructor(private readonly deps: Pick<Deps, 'database' | 'storage'>) {}

  /** The pool, with the pictures earlier runs stored (known from the photo rows that show them). */
  static async load(deps: Pick<Deps, 'database' | 'storage'>): Promise<PortraitPool> {
    const pool = new PortraitPool(deps);
    const rows = await deps.database.db
      .selectDistinctOn([photos.largeKey], {
        largeKey: photos.largeKey,
        thumbKey: photos.thumbKey,
        width: photos.width,
        height: photos.height,
      })
      .from(photos)
      .where(like(photos.largeKey, `${POOL_PREFIX}%`))
      .orderBy(asc(photos.largeKey));
    for (const row of rows) pool.pictures.set(row.largeKey, { ...row, print: null });
    return pool;
  }

  /** Picture `photo` of an owner, which must have been made ready first. */
  picture(owner: number, photo: number): Picture {
    const found = this.pictures.get(keysOf(owner, photo).largeKey);
    if (!found) throw new Error(`Portrait ${owner + 1}-${photo} was not drawn`);
    return found;
  }

  /**
   * Draws and stores the pictures these owners still lack (owner → how many pictures are needed),
   * reporting each one stored; reports nothing when none is missing.
   */
  async ready(needs: Map<PortraitOwner, number>, onProgress: (done: number, total: number) => void): Promise<void> {
    const missing = (owner: PortraitOwner, count: number) =>
      Array.from({ length: count }, (_, p) => keysOf(owner.index, p)).filter(
        (keys) => !this.pictures.has(keys.largeKey),
      ).length;
    const queue = [...needs].filter(([owner, count]) => missing(owner, count) > 0);
    const total = queue.reduce((sum, [owner, count]) => sum + missing(owner, count), 0);
    if (total === 0) return;
    let done = 0;
    onProgress(done, total);
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        await this.drawOwner(next[0], next[1], () => onProgress(++done, total));
    };
    await Promise.all(Array.from({ length: DRAWING_CONCURRENCY }, worker));
  }

  /**
   * An owner's pictures up to `count`, in the order the seed always drew them: one generator per
   * owner, and for each picture whether the hair is long (always for women), then the drawing.
   * A picture already stored is drawn again only when a later one needs the generator past it.
   */
  private async drawOwner(owner: PortraitOwner, count: number, onStored: () => void): Promise<void> {
    let cursor = this.cursors.get(owner.index);
    if (!cursor) this.cursors.set(owner.index, (cursor = { draw: prng(owner.portraitSeed), drawn: 0 }));
    while (cursor.drawn < count) {
      const photo = cursor.drawn;
      const keys = keysOf(owner.index, photo);
      const longHair = owner.woman || cursor.draw() < 0.3;
      const jpeg = await drawPortrait(cursor.draw, longHair);
      cursor.drawn++;
      if (this.pictures.has(keys.largeKey)) continue;
      const image = await processImage(jpeg);
      const print = await photoPrint(image.large);
      await this.deps.storage.put(keys.largeKey, image.large);
      await this.deps.storage.put(keys.thumbKey, image.thumb);
      this.pictures.set(keys.largeKey, { ...keys, width: image.width, height: image.height, print });
      onStored();
    }
  }
}
