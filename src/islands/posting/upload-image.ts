import { apiErrorFrom, networkError } from '../../lib/api.ts';
import type { ImageRef } from '../../lib/images.ts';
import { $locale } from '../../lib/stores/session.ts';

export interface UploadedImage extends ImageRef {
  width: number;
  height: number;
}

/**
 * POST /v1/uploads/images (multipart field `image`) with upload progress, which fetch() cannot
 * report. Resolves with the stored image; rejects with an ApiError carrying the server's
 * per-image message (`errors.image`) when there is one.
 */
export function uploadImage(file: Blob, fileName: string, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const locale = $locale.get();
    xhr.open('POST', '/v1/uploads/images');
    xhr.setRequestHeader('Lang', locale);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { data?: UploadedImage; code?: string; message?: string; errors?: Record<string, string> };
      if (xhr.status >= 200 && xhr.status < 300 && body.data) {
        onProgress(100);
        resolve(body.data);
      } else {
        reject(apiErrorFrom(xhr.status, { ...body, message: body.errors?.image ?? body.message }));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('image', file, fileName);
    xhr.send(form);
  });
}
