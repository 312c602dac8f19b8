import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPhoto, TProfileUpdate } from '@contracts/profile';
import { client, data } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';

export const ownProfileQueryOptions = queryOptions({
  queryKey: ['profile', 'own'],
  queryFn: async () => {
    try {
      return await data(client.api.profile.$get());
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export const useOwnProfile = () => useQuery(ownProfileQueryOptions);

export const ownPhotosQueryOptions = queryOptions({
  queryKey: ['profile', 'photos'],
  queryFn: async () => (await data(client.api.profile.photos.$get())).photos,
});

export const saveProfile = (input: TProfileUpdate) => data(client.api.profile.$put({ json: input }));
export const deletePhoto = (photoId: string) =>
  data(client.api.profile.photos[':photoId'].$delete({ param: { photoId } }));
export const reorderPhotos = (ids: string[]) => data(client.api.profile.photos.order.$put({ json: { ids } }));
export const updateLocation = (latitude: number, longitude: number) =>
  data(client.api.profile.location.$put({ json: { latitude, longitude } }));

/** Uploads one photo with progress. */
export const uploadPhoto = (file: Blob, filename: string, onProgress: (percent: number) => void) =>
  uploadFile<{ photos: TPhoto[] }>('/api/profile/photos', file, filename, onProgress);
