import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DEFAULT_PRODUCT_IMAGE, type ImageRef } from '../../lib/images.ts';
import { loadNamespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { CoreIcon } from '../CoreIcon.tsx';

/** The dictionaries it shows, loaded with this module so that hydrating it never waits for them. */
const NS = ['common', 'market'] as const;
await loadNamespaces(NS);

interface Props {
  boot: Boot;
  images: ImageRef[];
  /** What the photos show (the product's name). */
  name: string;
  /** 0-based photo to start on (from `?photo=`, so links work without JavaScript). */
  initial?: number;
}

/**
 * A product's photos: the main image (srcset) and thumbnails. Thumbnails and arrows are links to
 * `?photo=n`, so the gallery works without JavaScript; with it, they swap in place, and the arrow
 * keys, Home and End move between photos.
 */
export default function Gallery(props: Props) {
  return (
    <IslandRoot boot={props.boot} ns={NS}>
      <GalleryView {...props} />
    </IslandRoot>
  );
}

const placeholder: ImageRef = { filename: 'placeholder', src: DEFAULT_PRODUCT_IMAGE, srcset: '' };

function GalleryView({ images, name, initial = 0 }: Props) {
  const t = useT();
  const list = images.length ? images : [placeholder];
  const count = list.length;
  const [index, setIndex] = useState(Math.min(Math.max(initial, 0), count - 1));
  const thumbs = useRef<(HTMLAnchorElement | null)[]>([]);
  // Roving focus (one tab stop, arrows between thumbnails) only once the arrows work.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const current = list[index];
  const href = (i: number) => (i === 0 ? '?' : `?photo=${i + 1}`) + '#gallery';

  function go(i: number, focusThumb: boolean) {
    const next = (i + count) % count;
    setIndex(next);
    history.replaceState(history.state, '', next === 0 ? location.pathname : `?photo=${next + 1}`);
    if (focusThumb) thumbs.current[next]?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    if (count < 2) return;
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: count - 1 };
    if (!(e.key in moves)) return;
    // Up/down only inside the thumbnail strip, where they read as "next/previous".
    if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !(e.target as HTMLElement).closest('[data-thumbs]')) return;
    e.preventDefault();
    go(moves[e.key], true);
  }

  const arrow =
    'absolute top-1/2 z-10 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow ring-1 ring-slate-900/5 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-500';
  return (
    <div id="gallery" role="group" aria-roledescription={t('market:gallery.role')} aria-label={t('market:gallery.label', { name })} onKeyDown={onKeyDown} className="scroll-mt-24">
      <div className="relative aspect-square overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <img
          key={current.filename}
          src={current.src}
          srcSet={current.srcset || undefined}
          sizes={current.srcset ? '(min-width: 1024px) 640px, 100vw' : undefined}
          alt={count > 1 ? t('market:gallery.photo_of', { name, n: index + 1, total: count }) : name}
          width={640}
          height={640}
          fetchPriority="high"
          className="size-full object-contain"
        />
        {count > 1 && (
          <>
            <a href={href(index - 1 < 0 ? count - 1 : index - 1)} onClick={(e) => (e.preventDefault(), go(index - 1, false))} aria-label={t('market:gallery.previous')} className={`${arrow} left-3`}>
              <CoreIcon name="chevronLeft" className="size-5" />
            </a>
            <a href={href((index + 1) % count)} onClick={(e) => (e.preventDefault(), go(index + 1, false))} aria-label={t('market:gallery.next')} className={`${arrow} right-3`}>
              <CoreIcon name="chevronRight" className="size-5" />
            </a>
            <p aria-live="polite" className="absolute right-3 bottom-3 rounded-full bg-slate-900/70 px-2.5 py-1 text-xs font-medium text-white tabular-nums">
              {t('market:gallery.counter', { n: index + 1, total: count })}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul data-thumbs className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label={t('market:gallery.thumbnails')}>
          {list.map((image, i) => (
            <li key={image.filename} className="shrink-0">
              <a
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                href={href(i)}
                onClick={(e) => {
                  e.preventDefault();
                  go(i, false);
                }}
                aria-label={t('market:gallery.show', { n: i + 1, total: count })}
                aria-current={i === index ? 'true' : undefined}
                tabIndex={hydrated && i !== index ? -1 : undefined}
                className="block size-16 overflow-hidden rounded-lg border border-slate-200 bg-white opacity-70 ring-offset-2 transition hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-[current=true]:opacity-100 aria-[current=true]:ring-2 aria-[current=true]:ring-brand-500 sm:size-20"
              >
                <img src={image.src} srcSet={image.srcset || undefined} sizes="80px" alt="" loading="lazy" width={80} height={80} className="size-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
