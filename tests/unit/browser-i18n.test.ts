import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { I18nextProvider as RealProvider, Trans as RealTrans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import browserI18next from '../../src/lib/i18n/browser-i18next.ts';
import { I18nextProvider, Trans } from '../../src/lib/i18n/browser-react-i18next.tsx';
import { createI18n, locales, namespaces, resources } from '../../src/lib/i18n/index.ts';

/**
 * The browser's stand-in for i18next (src/lib/i18n/browser-i18next.ts) must say exactly what
 * i18next says on the server, or hydrated islands would change their text: every key of both
 * languages, with the options the islands pass (interpolation values, plural counts).
 */
type Tree = { [key: string]: string | Tree };
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}
/** A value for every {{placeholder}}: its own name, so a swapped value shows. */
function values(text: string) {
  return Object.fromEntries([...text.matchAll(/\{\{-?\s*([\w.]+)[^}]*\}\}/g)].map((m) => [m[1].split('.')[0], `<${m[1]}>`]));
}

describe('the browser i18n stand-in', () => {
  for (const locale of locales) {
    it(`says what i18next says for every key (${locale})`, () => {
      const real = createI18n(locale).getFixedT(locale);
      const mini = browserI18next.createInstance();
      void mini.init({ resources: resources as never, lng: locale, fallbackLng: 'en', defaultNS: 'common' });
      const t = mini.getFixedT(locale);
      let compared = 0;
      const differ: string[] = [];
      const check = (key: string, opts: Record<string, unknown>) => {
        const ours = t(key, opts);
        const theirs = String(real(key, opts));
        if (ours !== theirs) differ.push(`${key} ${JSON.stringify(opts)}: ${ours} ≠ ${theirs}`);
      };
      for (const ns of namespaces) {
        for (const key of keys(resources[locale][ns] as Tree)) {
          const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
          const text = String(real(`${ns}:${key}`));
          const opts = values(text);
          const full = `${ns}:${base}`;
          check(full, opts);
          for (const count of [0, 1, 2, 5]) check(full, { ...opts, count });
          compared++;
        }
      }
      expect(differ).toEqual([]);
      expect(t('nav.post')).toBe(real('nav.post'));
      expect(t('common:no.such.key')).toBe(real('common:no.such.key'));
      expect(t('no_such_key', { defaultValue: 'Fallback {{x}}', x: 1 })).toBe(real('no_such_key', { defaultValue: 'Fallback {{x}}', x: 1 }));
      expect(compared).toBeGreaterThan(500);
    });
  }

  it('renders <Trans> with its elements as react-i18next does', () => {
    for (const locale of locales) {
      const components = { terms: createElement('a', { href: '/term-condition' }), privacy: createElement('a', { href: '/privacy-policy' }) };
      const real = renderToStaticMarkup(createElement(RealProvider, { i18n: createI18n(locale) }, createElement(RealTrans, { i18nKey: 'auth:terms_note', components })));
      const mini = browserI18next.createInstance();
      void mini.init({ resources: resources as never, lng: locale, defaultNS: 'common' });
      const ours = renderToStaticMarkup(createElement(I18nextProvider, { i18n: mini }, createElement(Trans, { i18nKey: 'auth:terms_note', components })));
      expect(ours).toBe(real);
      expect(ours).toContain('<a href="/term-condition">');
    }
  });
});
