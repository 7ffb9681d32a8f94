/**
 * Uploads a picture to the back office's API with progress (docs/admin.md 'Photos', 'MediaPicker'):
 * `multipart/form-data` with the file in the field `file`, the CSRF token in its header, the back
 * office's language in Accept-Language (the API's refusals come localized). XMLHttpRequest rather
 * than fetch: only it reports how much of a phone's 10 MB photo has gone up.
 */
import { ApiError, type ApiErrorDetail } from '../../src/api/http';

export interface UploadOptions {
  url: string;
  file: Blob;
  fileName?: string;
  /** Further form fields (e.g. focal_x, focal_y). */
  fields?: Record<string, string>;
  csrfToken: string;
  language: string;
  /** 0..1 of the bytes sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The answer's `data`, or an ApiError with the API's (localized) problems; a lost connection is status 0. */
export function uploadMedia<T>(opts: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', opts.url);
    xhr.responseType = 'json';
    xhr.setRequestHeader('X-CSRF-Token', opts.csrfToken);
    xhr.setRequestHeader('Accept-Language', opts.language);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { data?: T; errors?: ApiErrorDetail[] } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && 'data' in body) {
        opts.onProgress?.(1);
        resolve(body.data as T);
      } else reject(new ApiError(xhr.status, body?.errors ?? []));
    };
    xhr.onerror = () => reject(new ApiError(0, []));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
    form.append('file', opts.file, opts.fileName ?? (opts.file instanceof File ? opts.file.name : 'photo.jpg'));
    xhr.send(form);
  });
}
