import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOwnProfile, TPhoto, TProfileUpdate } from '@contracts/profile';
import { api, ApiError } from '@/lib/api-client';

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
export const reorderPhotos = (ids: string[]) => api<{ photos: TPhoto[] }>('/api/profile/photos/order', { method: 'PUT', body: { ids } });
export const updateLocation = (latitude: number, longitude: number) =>
  api<{ ok: true }>('/api/profile/location', { method: 'PUT', body: { latitude, longitude } });

/** Uploads one photo with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadPhoto(file: Blob, filename: string, onProgress: (percent: number) => void): Promise<{ photos: TPhoto[] }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/profile/photos');
    request.withCredentials = true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as { photos: TPhoto[]; error?: { code: string; message: string } };
        } catch {
          return null;
        }
      })();
      if (request.status >= 200 && request.status < 300 && body) resolve(body);
      else reject(new ApiError(request.status, body?.error?.code ?? 'UPLOAD_FAILED', body?.error?.message ?? 'Failed to upload file'));
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'Failed to upload file'));
    const form = new FormData();
    form.append('file', file, filename);
    request.send(form);
  });
}
