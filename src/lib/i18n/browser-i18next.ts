/**
 * In the browser, in place of the `i18next` package (astro.config.mjs): the part of its API the
 * islands use, in a few hundred bytes instead of 13 KB gzip. Same answers as i18next for our
 * dictionaries (tests/unit/browser-i18n.test.ts compares every key): `ns:key` and nested keys,
 * `{{value}}` interpolation (unescaped, as configured), plurals by `count` (`_zero`, then the
 * language's plural form, the bare key, then `_other`), `$t(ns:key)` nesting and `defaultValue`.
 */
type Dictionary = { [key: string]: string | Dictionary };
type Resources = Record<string, Record<string, Dictionary>>;
type Options = Record<string, unknown> & { count?: number; defaultValue?: string; ns?: string | string[] };
type InitOptions = { resources?: Resources; lng?: string; fallbackLng?: string; defaultNS?: string };

export type TFunction = (key: string | string[], options?: Options | string) => string;

const plurals = new Map<string, Intl.PluralRules>();
function pluralForm(lng: string, count: number): string {
  let rules = plurals.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    plurals.set(lng, rules);
  }
  return rules.select(count);
}

function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function value(options: Options, path: string): unknown {
  let node: unknown = options;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

class Instance {
  resources: Resources = {};
  language = 'en';
  options: InitOptions = {};

  init(options: InitOptions) {
    this.options = options;
    this.resources = options.resources ?? {};
    this.language = options.lng ?? 'en';
    return Promise.resolve(this.getFixedT(this.language));
  }

  /** The message for `key` in `lng`, or undefined. */
  private find(lng: string, key: string, options: Options): string | undefined {
    const defaultNs = Array.isArray(options.ns) ? options.ns[0] : (options.ns ?? this.options.defaultNS ?? 'translation');
    const at = key.indexOf(':');
    const ns = at > 0 ? key.slice(0, at) : defaultNs;
    const path = at > 0 ? key.slice(at + 1) : key;
    const languages = [lng, this.options.fallbackLng].filter((l, i, all): l is string => Boolean(l) && all.indexOf(l) === i);
    for (const language of languages) {
      const dictionary = this.resources[language]?.[ns];
      if (typeof options.count === 'number') {
        const count = options.count;
        const zero = count === 0 ? lookup(dictionary, `${path}_zero`) : undefined;
        const found = zero ?? lookup(dictionary, `${path}_${pluralForm(language, count)}`) ?? lookup(dictionary, path) ?? lookup(dictionary, `${path}_other`);
        if (found !== undefined) return found;
      } else {
        const found = lookup(dictionary, path);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  translate(lng: string, keys: string | string[], raw: Options | string | undefined): string {
    const options: Options = typeof raw === 'string' ? { defaultValue: raw } : (raw ?? {});
    const list = Array.isArray(keys) ? keys : [keys];
    let text: string | undefined;
    for (const key of list) {
      text = this.find(lng, key, options);
      if (text !== undefined) break;
    }
    if (text === undefined) {
      if (options.defaultValue !== undefined) text = options.defaultValue;
      else {
        const last = list[list.length - 1];
        const at = last.indexOf(':');
        return at > 0 ? last.slice(at + 1) : last;
      }
    }
    text = text.replace(/\{\{-?\s*([^}]+?)\s*\}\}/g, (whole, name: string) => {
      const v = value(options, name);
      return v === undefined || v === null ? whole : String(v);
    });
    return text.replace(/\$t\(([^)]+)\)/g, (_whole, key: string) => this.translate(lng, key.trim(), {}));
  }

  getFixedT(lng?: string | null, ns?: string | string[]): TFunction {
    const language = lng ?? this.language;
    return (key, options) => this.translate(language, key, ns && (typeof options !== 'object' || !options.ns) ? { ...(typeof options === 'string' ? { defaultValue: options } : options), ns } : options);
  }

  get t(): TFunction {
    return this.getFixedT(this.language);
  }
}

export type i18n = Instance;

const i18next = {
  createInstance: () => new Instance(),
};

export default i18next;
