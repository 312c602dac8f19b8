import { asApiErrorCode } from '@contracts/error-codes';
import { ApiError } from './api-client';

/**
 * Uploads one file as multipart form data, with progress (fetch cannot report upload
 * progress; XMLHttpRequest can). Errors come back as ApiError with the server's message.
 */
export function uploadFile<T>(
  path: string,
  file: Blob,
  filename: string,
  onProgress: (percent: number) => void = () => {},
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.upload.onprogress = (event) =>
      event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as T & { error?: { code: string; message: string } };
        } catch {
          return null;
        }
      })();
      if (request.status >= 200 && request.status < 300 && body) resolve(body);
      else
        reject(
          new ApiError(
            request.status,
            asApiErrorCode(body?.error?.code),
            body?.error?.message ?? 'Failed to upload file',
          ),
        );
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'Failed to upload file'));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, filename);
    request.send(form);
  });
}
