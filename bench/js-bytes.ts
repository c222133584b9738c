/**
 * JavaScript a page makes the browser download, read from its HTML and the built files:
 * before any interaction (module scripts, modulepreloads, islands that hydrate on load (or `client:interaction="now"`), idle or
 * visible) and after it (every island but those that wait to be used themselves,
 * `client:interaction="within"`, counted in `used`), each with its static imports, as gzip bytes.
 * Chunks the islands load dynamically as they hydrate (a guest island's dictionaries) are not
 * counted: tests/e2e/page-budgets.spec.ts counts what the browser downloads.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, posix } from 'node:path';

const EAGER = new Set(['load', 'idle', 'visible', 'media']);
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** Script URLs of the page: before interaction, after it, and with the islands that wait to be used. */
export function pageScripts(html: string): { before: string[]; after: string[]; used: string[] } {
  const before: string[] = [];
  const after: string[] = [];
  const used: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type') === 'module') before.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = attr(tag, 'href');
    if (href && attr(tag, 'rel') === 'modulepreload') before.push(href);
  }
  for (const tag of html.match(/<astro-island\b[^>]*>/g) ?? []) {
    const urls = [attr(tag, 'component-url'), attr(tag, 'renderer-url')].filter((u): u is string => Boolean(u));
    const value = /&quot;value&quot;:&quot;(within|now)&quot;/.exec(attr(tag, 'opts') ?? '')?.[1];
    (EAGER.has(attr(tag, 'client') ?? '') || value === 'now' ? before : value === 'within' ? used : after).push(...urls);
  }
  return { before: [...new Set(before)], after: [...new Set([...before, ...after])], used: [...new Set([...before, ...after, ...used])] };
}

const IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+?\.js)["']/g;

/** The files `urls` load, with their static imports, under dist/client. */
function closure(clientDir: string, urls: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (url: string) => {
    const path = url.split('?')[0];
    if (!path.startsWith('/') || seen.has(path)) return;
    seen.add(path);
    let code: string;
    try {
      code = readFileSync(join(clientDir, path), 'utf8');
    } catch {
      return;
    }
    for (const m of code.matchAll(IMPORT)) visit(posix.join(dirname(path), m[1]));
  };
  urls.forEach(visit);
  return seen;
}

const gzipCache = new Map<string, number>();
function gzipBytes(clientDir: string, path: string): number {
  const key = join(clientDir, path);
  if (!gzipCache.has(key)) {
    try {
      gzipCache.set(key, gzipSync(readFileSync(key), { level: 9 }).length);
    } catch {
      gzipCache.set(key, 0);
    }
  }
  return gzipCache.get(key)!;
}

/** gzip bytes of the page's JavaScript before and after the first interaction, and file counts. */
export function jsBytes(clientDir: string, html: string) {
  const { before, after, used } = pageScripts(html);
  const sum = (files: Set<string>) => [...files].reduce((n, f) => n + gzipBytes(clientDir, f), 0);
  const b = closure(clientDir, before);
  const a = closure(clientDir, after);
  const u = closure(clientDir, used);
  return { before: sum(b), after: sum(a), used: sum(u), beforeFiles: b.size, afterFiles: a.size };
}
