import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PHOTO_LIMITS, PROFILE_TEXT } from '../../../contracts/profile';
import { AppError } from '../lib/errors';
import type { AppEnv } from '../lib/context';
import { consumeLimits } from '../auth/rate-limit';

/** Refuses an upload body over the photo limit before it is read (the file plus its multipart envelope). */
export const uploadBodyLimit = () =>
  bodyLimit({
    maxSize: PHOTO_LIMITS.maxBytes + 64 * 1024,
    onError: () => {
      throw new AppError('FILE_TOO_LARGE', PROFILE_TEXT.fileTooLarge.description);
    },
  });

/**
 * The `file` field of a multipart upload (and the other text fields), as bytes, counted against
 * the signed-in member's upload limit (UPLOADS_PER_MEMBER per 10 minutes, all kinds together:
 * each upload costs a decode and a re-encode) before anything is read.
 */
export async function readUpload(c: Context<AppEnv>): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  const { database, env } = c.get('deps');
  await consumeLimits(database.db, [
    { key: `upload:member:${c.get('user').id}`, max: env.UPLOADS_PER_MEMBER, windowSeconds: 600 },
  ]);
  const body = await c.req.parseBody();
  const { file, ...rest } = body;
  if (!(file instanceof File)) throw new AppError('INVALID_FILE_TYPE', PROFILE_TEXT.invalidFileType.description);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(rest)) if (typeof value === 'string') fields[name] = value;
  return { bytes: Buffer.from(await file.arrayBuffer()), fields };
}

/** Answers with a stored image that only some members may see: never cached by shared caches. */
export function sendPrivateImage(c: Context, bytes: Buffer) {
  c.header('Content-Type', 'image/webp');
  c.header('Cache-Control', 'private, max-age=86400, immutable');
  c.header('Content-Disposition', 'inline');
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
  return c.body(new Uint8Array(bytes), 200);
}
