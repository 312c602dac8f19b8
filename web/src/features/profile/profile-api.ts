import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOwnProfile, TPhoto, TProfileUpdate } from '@contracts/profile';
import { api, ApiError } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';

export const ownProfileQueryOptions = queryOptions({
  queryKey: ['profile', 'own'],
  queryFn: async (): Promise<TOwnProfile | null> => {
    try {
      return await api<TOwnProfile>('/api/profile');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export const useOwnProfile = () => useQuery(ownProfileQueryOptions);

export const ownPhotosQueryOptions = queryOptions({
  queryKey: ['profile', 'photos'],
  queryFn: async () => (await api<{ photos: TPhoto[] }>('/api/profile/photos')).photos,
});

export const saveProfile = (input: TProfileUpdate) => api<TOwnProfile>('/api/profile', { method: 'PUT', body: input });
export const deletePhoto = (id: string) => api<{ photos: TPhoto[] }>(`/api/profile/photos/${id}`, { method: 'DELETE' });
export const reorderPhotos = (ids: string[]) =>
  api<{ photos: TPhoto[] }>('/api/profile/photos/order', { method: 'PUT', body: { ids } });
export const updateLocation = (latitude: number, longitude: number) =>
  api<{ ok: true }>('/api/profile/location', { method: 'PUT', body: { latitude, longitude } });

/** Uploads one photo with progress. */
export const uploadPhoto = (file: Blob, filename: string, onProgress: (percent: number) => void) =>
  uploadFile<{ photos: TPhoto[] }>('/api/profile/photos', file, filename, onProgress);
