import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { IMAGE_MAX_BYTES, imageSrc, MAX_IMAGES_PER_POST, type ImageRef } from '../../lib/images.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { uploadImage } from './upload-image.ts';

export interface PhotoItem {
  key: string;
  status: 'uploading' | 'done' | 'error';
  /** 0–100 while uploading; -1 while a pre-filled photo is being copied. */
  progress: number;
  preview: string;
  srcset?: string;
  /** The stored image id once uploaded (what the post sends in `images`). */
  filename?: string;
  error?: string;
  /** Whether "try again" makes sense (a network or server failure, not a refused file). */
  retryable?: boolean;
}

/** A photo the form starts with: already the user's (`copy` false) or someone else's to copy. */
export interface InitialPhoto {
  ref: ImageRef;
  copy?: boolean;
}

type Source = { file: File } | { copyOf: string };

let seq = 0;

/**
 * The photo list of a post: each picked file is checked (image/*, ≤ 8 MB) and uploaded at once,
 * with progress; photos can be removed, retried and reordered (the first is the cover).
 * Photos pre-filled from another user's request are copied into the user's own uploads, since
 * a post may only use images its author uploaded.
 */
export function usePhotos(initial: InitialPhoto[] = []) {
  const t = useT();
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((p, i) => ({
      key: `init-${i}`,
      status: p.copy ? 'uploading' : 'done',
      progress: p.copy ? -1 : 100,
      preview: p.ref.src,
      srcset: p.ref.srcset,
      filename: p.copy ? undefined : p.ref.filename,
    })),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const sources = useRef(new Map<string, Source>());
  const controllers = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Map<string, string>());

  const patch = useCallback((key: string, change: Partial<PhotoItem>) => {
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...change } : it)));
  }, []);

  const start = useCallback(
    async (key: string, source: Source) => {
      sources.current.set(key, source);
      const controller = new AbortController();
      controllers.current.get(key)?.abort();
      controllers.current.set(key, controller);
      patch(key, { status: 'uploading', progress: 'file' in source ? 0 : -1, error: undefined });
      try {
        let blob: Blob;
        let name: string;
        if ('file' in source) {
          blob = source.file;
          name = source.file.name;
        } else {
          const res = await fetch(source.copyOf, { signal: controller.signal });
          if (!res.ok) throw new ApiError(res.status, t('posting:photos.failed'));
          blob = await res.blob();
          name = 'photo.webp';
        }
        const stored = await uploadImage(blob, name, (progress) => patch(key, { progress }), controller.signal);
        const local = objectUrls.current.get(key);
        if (local) {
          URL.revokeObjectURL(local);
          objectUrls.current.delete(key);
        }
        patch(key, { status: 'done', progress: 100, filename: stored.filename, preview: stored.src, srcset: stored.srcset });
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
        const refused = err instanceof ApiError && err.status === 422;
        patch(key, { status: 'error', error: err instanceof ApiError ? err.message : t('posting:photos.failed'), retryable: !refused });
      } finally {
        if (controllers.current.get(key) === controller) controllers.current.delete(key);
      }
    },
    [patch, t],
  );

  // Photos pre-filled from someone else's request are copied once, on the first render in the browser.
  useEffect(() => {
    initial.forEach((p, i) => {
      if (p.copy) void start(`init-${i}`, { copyOf: imageSrc(p.ref.filename, 1200) });
    });
    const urls = objectUrls.current;
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
      for (const u of urls.values()) URL.revokeObjectURL(u);
    };
  }, []);

  /** Adds picked or dropped files; those over the limit are left out with a notice. */
  const addFiles = useCallback(
    (files: File[]) => {
      const room = MAX_IMAGES_PER_POST - items.filter((i) => i.status !== 'error').length;
      const taken = files.slice(0, Math.max(0, room));
      const left = files.length - taken.length;
      setNotice(left > 0 ? t('posting:photos.left_out', { max: MAX_IMAGES_PER_POST, count: left }) : null);
      const added: PhotoItem[] = [];
      const uploads: [string, File][] = [];
      for (const file of taken) {
        const key = `p${++seq}`;
        const preview = URL.createObjectURL(file);
        objectUrls.current.set(key, preview);
        if (!file.type.startsWith('image/')) added.push({ key, status: 'error', progress: 0, preview: '', error: t('posting:photos.not_image') });
        else if (file.size > IMAGE_MAX_BYTES) added.push({ key, status: 'error', progress: 0, preview, error: t('posting:photos.too_big') });
        else {
          added.push({ key, status: 'uploading', progress: 0, preview });
          uploads.push([key, file]);
        }
      }
      setItems((list) => [...list, ...added]);
      for (const [key, file] of uploads) void start(key, { file });
    },
    [items, start, t],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    sources.current.delete(key);
    const local = objectUrls.current.get(key);
    if (local) URL.revokeObjectURL(local);
    objectUrls.current.delete(key);
    setItems((list) => list.filter((i) => i.key !== key));
    setNotice(null);
  }, []);

  const retry = useCallback(
    (key: string) => {
      const source = sources.current.get(key);
      if (source) void start(key, source);
    },
    [start],
  );

  /** Moves a photo to position `to` (0 makes it the cover). */
  const moveTo = useCallback((key: string, to: number) => {
    setItems((list) => {
      const from = list.findIndex((i) => i.key === key);
      if (from < 0 || to < 0 || to >= list.length || from === to) return list;
      const next = [...list];
      const [it] = next.splice(from, 1);
      next.splice(to, 0, it);
      return next;
    });
  }, []);

  return {
    items,
    notice,
    addFiles,
    remove,
    retry,
    moveTo,
    /** Stored ids of the uploaded photos, cover first. */
    filenames: items.filter((i) => i.status === 'done' && i.filename).map((i) => i.filename!),
    pending: items.some((i) => i.status === 'uploading'),
    failed: items.some((i) => i.status === 'error'),
    full: items.filter((i) => i.status !== 'error').length >= MAX_IMAGES_PER_POST,
  };
}

export type Photos = ReturnType<typeof usePhotos>;
