import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZOwnProfile, ZPhotoList, ZPhotoOrder, ZProfileUpdate } from '../../../../contracts/profile';
import { readUpload, sendPrivateImage, uploadBodyLimit } from '../../http/upload';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorResponse, imageResponse, jsonBody, jsonResponse, uploadBody, uploadRefusals } from '../../lib/openapi';
import { adminWindowOpen, route } from '../../lib/route';
import { addPhoto, listPhotos, readPhoto, removePhoto, reorderPhotos } from './photos.service';
import { getOwnProfile, saveOwnProfile } from './profiles.service';

const errors = {
  400: errorResponse('Invalid input'),
};

// The upload route gets a larger body limit, registered first; the exported chain carries the routes' types.
const routes = new OpenAPIHono<AppEnv>();
routes.use('/api/profile/photos', uploadBodyLimit());
export const profileRoutes = routes
  .openapi(
    route('Profile', 'member', 'get', '/api/profile', {
      summary: "The member's own profile",
      responses: { 200: jsonResponse(ZOwnProfile, 'The profile'), 404: errorResponse('No profile yet') },
    }),
    async (c) => {
      const profile = await getOwnProfile(c.var.db, c.var.user.id);
      if (!profile) throw new AppError('NOT_FOUND', 'You have not created a profile yet.');
      return c.json(profile, 200);
    },
  )
  .openapi(
    route('Profile', 'member', 'put', '/api/profile', {
      summary: 'Create or update the own profile',
      request: { body: jsonBody(ZProfileUpdate) },
      responses: { 200: jsonResponse(ZOwnProfile, 'Saved'), ...errors },
    }),
    async (c) => c.json(await saveOwnProfile(c.var.db, c.var.user.id, c.req.valid('json')), 200),
  )
  .openapi(
    route('Profile', 'member', 'get', '/api/profile/photos', {
      summary: "The member's own photos, main photo first",
      responses: { 200: jsonResponse(ZPhotoList, 'The photos') },
    }),
    async (c) => c.json({ photos: await listPhotos(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    route('Profile', 'member', 'post', '/api/profile/photos', {
      summary: 'Upload a photo (JPG, PNG, GIF or WebP, at most 10 MB, at most 6 photos)',
      request: {
        body: uploadBody(),
      },
      responses: {
        201: jsonResponse(ZPhotoList, 'The photos after the upload'),
        409: errorResponse('Maximum photos reached'),
        ...uploadRefusals,
        ...errors,
      },
    }),
    async (c) => {
      const { bytes } = await readUpload(c);
      const list = await addPhoto(c.get('deps'), c.var.user.id, bytes);
      return c.json({ photos: list }, 201);
    },
  )
  .openapi(
    route('Profile', 'member', 'delete', '/api/profile/photos/{photoId}', {
      summary: 'Remove one of the own photos',
      request: { params: z.object({ photoId: z.uuid() }) },
      responses: {
        200: jsonResponse(ZPhotoList, 'The remaining photos'),
        404: errorResponse('No such photo'),
        ...errors,
      },
    }),
    async (c) => c.json({ photos: await removePhoto(c.get('deps'), c.var.user.id, c.req.valid('param').photoId) }, 200),
  )
  .openapi(
    route('Profile', 'member', 'put', '/api/profile/photos/order', {
      summary: "Reorder the own photos; the first is the main photo ('Set as Main')",
      request: { body: jsonBody(ZPhotoOrder) },
      responses: {
        200: jsonResponse(ZPhotoList, 'The photos in their new order'),
        409: errorResponse('The photos changed meanwhile'),
        ...errors,
      },
    }),
    async (c) => c.json({ photos: await reorderPhotos(c.var.db, c.var.user.id, c.req.valid('json').ids) }, 200),
  )
  .openapi(
    route('Profile', 'member', 'get', '/api/files/{photoId}', {
      summary: 'A profile photo, for signed-in members only',
      request: {
        params: z.object({ photoId: z.uuid() }),
        query: z.object({ size: z.enum(['large', 'thumb']).default('large') }),
      },
      responses: {
        200: imageResponse,
        404: errorResponse('No such photo'),
      },
    }),
    async (c) => {
      const bytes = await readPhoto(
        c.get('deps'),
        { id: c.var.user.id, adminWindowOpen: adminWindowOpen(c.get('sessionCreatedAt')) },
        c.req.valid('param').photoId,
        c.req.valid('query').size,
      );
      return sendPrivateImage(c, bytes);
    },
  );
