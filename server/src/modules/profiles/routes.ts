import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZOwnProfile, ZPhotoList, ZPhotoOrder, ZProfileUpdate } from '../../../../contracts/profile';
import { readUpload, sendPrivateImage, uploadBodyLimit } from '../../http/upload';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorResponse, imageResponse, jsonBody, jsonResponse, uploadBody, uploadRefusals } from '../../lib/openapi';
import { defineRoute } from '../../lib/route';
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
    defineRoute('member', {
      method: 'get',
      path: '/api/profile',
      tags: ['Profile'],
      summary: "The member's own profile",
      responses: { 200: jsonResponse(ZOwnProfile, 'The profile'), 404: errorResponse('No profile yet') },
    }),
    async (c) => {
      const profile = await getOwnProfile(c.get('deps').database.db, c.get('user').id);
      if (!profile) throw new AppError('NOT_FOUND', 'You have not created a profile yet.');
      return c.json(profile, 200);
    },
  )
  .openapi(
    defineRoute('member', {
      method: 'put',
      path: '/api/profile',
      tags: ['Profile'],
      summary: 'Create or update the own profile',
      request: { body: jsonBody(ZProfileUpdate) },
      responses: { 200: jsonResponse(ZOwnProfile, 'Saved'), ...errors },
    }),
    async (c) => c.json(await saveOwnProfile(c.get('deps').database.db, c.get('user').id, c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/profile/photos',
      tags: ['Profile'],
      summary: "The member's own photos, main photo first",
      responses: { 200: jsonResponse(ZPhotoList, 'The photos') },
    }),
    async (c) => c.json({ photos: await listPhotos(c.get('deps').database.db, c.get('user').id) }, 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'post',
      path: '/api/profile/photos',
      tags: ['Profile'],
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
      const list = await addPhoto(c.get('deps'), c.get('user').id, bytes);
      return c.json({ photos: list }, 201);
    },
  )
  .openapi(
    defineRoute('member', {
      method: 'delete',
      path: '/api/profile/photos/{photoId}',
      tags: ['Profile'],
      summary: 'Remove one of the own photos',
      request: { params: z.object({ photoId: z.uuid() }) },
      responses: {
        200: jsonResponse(ZPhotoList, 'The remaining photos'),
        404: errorResponse('No such photo'),
        ...errors,
      },
    }),
    async (c) =>
      c.json({ photos: await removePhoto(c.get('deps'), c.get('user').id, c.req.valid('param').photoId) }, 200),
  )
  .openapi(
    defineRoute('member', {
      method: 'put',
      path: '/api/profile/photos/order',
      tags: ['Profile'],
      summary: "Reorder the own photos; the first is the main photo ('Set as Main')",
      request: { body: jsonBody(ZPhotoOrder) },
      responses: {
        200: jsonResponse(ZPhotoList, 'The photos in their new order'),
        409: errorResponse('The photos changed meanwhile'),
        ...errors,
      },
    }),
    async (c) =>
      c.json(
        { photos: await reorderPhotos(c.get('deps').database.db, c.get('user').id, c.req.valid('json').ids) },
        200,
      ),
  )
  .openapi(
    defineRoute('member', {
      method: 'get',
      path: '/api/files/{photoId}',
      tags: ['Profile'],
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
        c.get('user').id,
        c.req.valid('param').photoId,
        c.req.valid('query').size,
      );
      return sendPrivateImage(c, bytes);
    },
  );
