import { useRef, useState, type DragEvent, type Ref } from 'react';
import { MAX_IMAGES_PER_POST } from '../../lib/images.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { FieldMessage } from '../ui/Field.tsx';
import { PIcon } from './icons.tsx';
import type { PhotoItem, Photos } from './use-photos.ts';

const PHOTO_TYPE = 'application/x-titipan-photo';

/**
 * Pick or drop up to 8 photos; each uploads at once with its progress, can be removed, retried
 * and moved (buttons, or drag and drop). The first photo is the cover.
 */
export function PhotoUploader({ id, photos, error, disabled, ref }: { id: string; photos: Photos; error?: string; disabled?: boolean; ref?: Ref<HTMLInputElement> }) {
  const t = useT();
  const [dropping, setDropping] = useState(false);
  const dragged = useRef<string | null>(null);
  const { items } = photos;
  const hint = t('posting:photos.hint', { max: MAX_IMAGES_PER_POST });

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
  const onDragOver = (e: DragEvent) => {
    if (disabled || !hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDrop = (e: DragEvent) => {
    setDropping(false);
    if (disabled || !hasFiles(e)) return;
    e.preventDefault();
    photos.addFiles(Array.from(e.dataTransfer.files));
  };

  const input = (
    <input
      ref={ref}
      id={id}
      type="file"
      accept="image/*"
      multiple
      disabled={disabled || photos.full}
      aria-describedby={[`${id}-count`, error ? `${id}-error` : `${id}-hint`].join(' ')}
      aria-invalid={error ? true : undefined}
      className="sr-only"
      onChange={(e) => {
        const files = Array.from(e.currentTarget.files ?? []);
        e.currentTarget.value = '';
        if (files.length) photos.addFiles(files);
      }}
    />
  );

  return (
    <div onDragOver={onDragOver} onDragLeave={() => setDropping(false)} onDrop={onDrop}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-700">
          {t('posting:photos.label')} <span className="font-normal text-slate-400">({t('ui.optional')})</span>
        </span>
        <span id={`${id}-count`} className="text-xs text-slate-500 tabular-nums">
          {t('posting:photos.count', { count: items.length, max: MAX_IMAGES_PER_POST })}
        </span>
      </div>

      {items.length === 0 ? (
        <label
          className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-100 ${
            dropping ? 'border-brand-500 bg-brand-50' : error ? 'border-red-300 bg-red-50/40' : 'border-slate-300 bg-slate-50/60 hover:border-brand-400 hover:bg-brand-50/40'
          }`}
        >
          {input}
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-brand-600 shadow-xs ring-1 ring-slate-200">
            <PIcon name="upload" className="size-6" />
          </span>
          <span className="text-sm font-medium text-slate-700">{t('posting:photos.drop')}</span>
          <span className="text-xs text-slate-400">{t('posting:photos.or')}</span>
          <span className="inline-flex h-9 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-700 shadow-xs">
            {t('posting:photos.browse')}
          </span>
        </label>
      ) : (
        <ul
          aria-labelledby={`${id}-label`}
          className={`grid grid-cols-3 gap-2 rounded-xl p-1 transition-colors sm:grid-cols-4 sm:gap-3 ${dropping ? 'bg-brand-50 ring-2 ring-brand-300' : ''}`}
        >
          {items.map((item, index) => (
            <li
              key={item.key}
              draggable={!disabled && item.status === 'done'}
              onDragStart={(e) => {
                dragged.current = item.key;
                e.dataTransfer.setData(PHOTO_TYPE, item.key);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => (dragged.current = null)}
              onDragOver={(e) => {
                if (dragged.current && Array.from(e.dataTransfer.types).includes(PHOTO_TYPE)) {
                  e.preventDefault();
                  e.stopPropagation();
                }
              }}
              onDrop={(e) => {
                if (!dragged.current) return;
                e.preventDefault();
                e.stopPropagation();
                photos.moveTo(dragged.current, index);
                dragged.current = null;
              }}
            >
              <PhotoTile item={item} index={index} count={items.length} photos={photos} disabled={disabled} />
            </li>
          ))}
          {!photos.full && (
            <li>
              <label className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50/60 text-slate-500 transition-colors hover:border-brand-400 hover:text-brand-700 focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-100">
                {input}
                <PIcon name="plus" className="size-6" />
                <span className="px-1 text-center text-xs font-medium">{t('posting:photos.add_more')}</span>
              </label>
            </li>
          )}
        </ul>
      )}
      {photos.full && items.length > 0 && <p className="mt-1.5 text-xs text-slate-500">{t('posting:photos.full', { max: MAX_IMAGES_PER_POST })}</p>}
      {photos.notice && (
        <p role="status" className="mt-1.5 text-sm text-amber-700">
          {photos.notice}
        </p>
      )}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

const tileButton =
  'inline-flex size-6 sm:size-7 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow ring-1 ring-slate-900/10 hover:bg-white hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-40';

function PhotoTile({ item, index, count, photos, disabled }: { item: PhotoItem; index: number; count: number; photos: Photos; disabled?: boolean }) {
  const t = useT();
  const n = index + 1;
  const failed = item.status === 'error';
  return (
    <figure
      className={`group relative aspect-square overflow-hidden rounded-lg bg-slate-100 ring-1 ${failed ? 'ring-red-300' : index === 0 ? 'ring-2 ring-brand-500' : 'ring-slate-200'}`}
      data-photo-status={item.status}
    >
      {item.preview ? (
        <img src={item.preview} srcSet={item.status === 'done' ? item.srcset : undefined} sizes="160px" alt={t('posting:photos.alt', { n })} className={`size-full object-cover ${item.status === 'done' ? '' : 'opacity-60'}`} />
      ) : (
        <div className="flex size-full items-center justify-center text-slate-400">
          <PIcon name="photo" className="size-8" />
        </div>
      )}

      {index === 0 && !failed && (
        <span className="absolute top-1.5 left-1.5 rounded-full bg-brand-600 px-1.5 py-0.5 text-[10px] font-semibold text-white shadow sm:px-2 sm:text-[11px]">{t('posting:photos.cover')}</span>
      )}

      {item.status === 'uploading' && (
        <div className="absolute inset-x-0 bottom-0 bg-white/90 px-2 py-1.5" role="status">
          <p className="text-[11px] font-medium text-slate-700">
            {item.progress < 0 ? t('posting:photos.preparing') : t('posting:photos.uploading', { percent: item.progress })}
          </p>
          <div
            role="progressbar"
            aria-label={t('posting:photos.alt', { n })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.max(0, item.progress)}
            className="mt-1 h-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div className={`h-full rounded-full bg-brand-500 transition-[width] ${item.progress < 0 ? 'w-1/3 animate-pulse' : ''}`} style={item.progress >= 0 ? { width: `${item.progress}%` } : undefined} />
          </div>
        </div>
      )}

      {failed && (
        <figcaption className="absolute inset-x-0 bottom-0 flex items-start gap-1 bg-red-50/95 px-2 py-1.5 text-[11px] leading-tight font-medium text-red-700" role="alert">
          <span className="min-w-0 flex-1">{item.error}</span>
          {item.retryable && (
            <button type="button" onClick={() => photos.retry(item.key)} aria-label={t('posting:photos.retry', { n })} className="-m-0.5 rounded p-0.5 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-500">
              <PIcon name="retry" className="size-4" />
            </button>
          )}
        </figcaption>
      )}

      <button type="button" disabled={disabled} onClick={() => photos.remove(item.key)} aria-label={t('posting:photos.remove', { n })} className={`${tileButton} absolute top-1.5 right-1.5`}>
        <PIcon name="close" className="size-3.5 sm:size-4" />
      </button>

      {item.status === 'done' && count > 1 && (
        <div className="absolute right-1.5 bottom-1.5 flex gap-1 opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
          <button type="button" disabled={disabled || index === 0} onClick={() => photos.moveTo(item.key, index - 1)} aria-label={t('posting:photos.earlier', { n })} className={tileButton}>
            <PIcon name="chevronLeft" className="size-4" />
          </button>
          <button type="button" disabled={disabled || index === count - 1} onClick={() => photos.moveTo(item.key, index + 1)} aria-label={t('posting:photos.later', { n })} className={tileButton}>
            <PIcon name="chevronRight" className="size-4" />
          </button>
        </div>
      )}
    </figure>
  );
}
