/**
 * The server side of React islands: @astrojs/react's renderer with three changes (the module
 * replaces `@astrojs/react/server.js` in the server build: react-islands.mjs).
 *
 * - The islands every page has (header, popup container, toaster) and the catalogue pages' actions
 *   island (which renders nothing) are rendered once per distinct set of props and kept: their HTML
 *   is a pure function of their props (the session they show comes in `boot`; module-level stores
 *   are never read on the server, see IslandRoot), and rendering them with React was a fifth of a
 *   signed-in page's CPU.
 * - An island's `useId` values carry the prefix its hydration uses: the upstream string renderer
 *   left it out, so ids in the server's HTML (`headlessui-menu-button-_R_7mt_`) differed from
 *   those React computes in the browser (`…-_r3R_…`) for the same elements.
 * - Asking whether a `.tsx` island is React no longer renders it once more: React is the only
 *   framework here.
 * Islands with slots or children, and requests carrying an Astro Action's result, go through the
 * upstream renderer unchanged (their `useId` values keep upstream's missing prefix).
 */
import upstream from '@astrojs/react/server.js';
import type { AstroComponentMetadata } from 'astro';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ISLAND_CACHE_DEFAULT_ENTRIES, IslandHtmlCache } from './island-html-cache.ts';

type Metadata = AstroComponentMetadata;
type This = { result?: object & { actionResult?: unknown } } | undefined;
type Rendered = { html: string; attrs?: Record<string, string | undefined> };

/** Islands whose server HTML depends on their props alone (paths end so). */
const PURE_ISLANDS = ['/src/islands/header/Header.tsx', '/src/islands/popups/PopupContainer.tsx', '/src/islands/toast/Toaster.tsx', '/src/islands/catalogue/CatalogueActions.tsx'];
const isPure = (url: string | undefined) => Boolean(url && PURE_ISLANDS.some((p) => url.endsWith(p)));

const cache = new IslandHtmlCache(Number(process.env.ISLAND_CACHE_ENTRIES ?? ISLAND_CACHE_DEFAULT_ENTRIES));
/** Hydration prefixes per page render ("i0", "i1", …): distinct from upstream's ("r0", …), so both can share a page. */
const counters = new WeakMap<object, number>();
function nextPrefix(result: object | undefined): string | undefined {
  if (!result) return undefined;
  const n = counters.get(result) ?? 0;
  counters.set(result, n + 1);
  return `i${n}`;
}

// React 19 hoists resource hints into a component's HTML; the page's <head> already has them.
const stripHints = (html: string) => html.replace(/<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g, '');

async function check(this: This, Component: unknown, props: Record<string, unknown>, children: unknown, metadata?: Metadata): Promise<boolean> {
  if (typeof Component === 'function' && /\.[jt]sx$/.test(metadata?.componentUrl ?? '')) return true;
  return upstream.check.call(this, Component, props, children as Record<string, string>, metadata);
}

async function renderToStaticMarkup(this: This, Component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>, slots: Record<string, unknown> | undefined, metadata?: Metadata): Promise<Rendered> {
  const simple = Object.keys(slots ?? {}).length === 0 && props.children == null && !this?.result?.actionResult;
  if (!simple) return upstream.renderToStaticMarkup.call(this, Component, props, slots as Record<string, string>, metadata);
  const { class: _class, ...rest } = props;
  const prefix = nextPrefix(this?.result);
  const render = () => stripHints(renderToString(createElement(Component, rest), { identifierPrefix: prefix }));
  const html = isPure(metadata?.componentUrl) ? cache.get(`${metadata!.componentUrl}\n${prefix}\n${JSON.stringify(rest)}`, render) : render();
  return { html, attrs: { prefix } };
}

export default { ...upstream, check, renderToStaticMarkup };
