/**
 * Contact details typed into a chat before the order is paid are masked: the anti-scam rule
 * marketplaces use to keep payment inside escrow. Phone numbers (8 or more digits, with or
 * without spaces, dots, dashes, brackets or a leading +), e-mail addresses and links (a scheme,
 * www., or a host name with a common top-level domain) become MASK — also in their usual
 * disguises: fullwidth or other compatibility characters (`０８１２…`, `＠`), the at sign and dot
 * spelled out (`name (at) example (dot) com`, `[at]`, `{dot}`, `[.]`, ` dot `, `titik`) and
 * defanged schemes (`hxxps://…`).
 *
 * Matching runs on the text normalised character by character (Unicode NFKC), and what matched is
 * cut out of the text as written: everything that is not a contact detail stays as the sender
 * typed it.
 */
export const MASK = '•••';

/** The at sign: `@`, or `at` in brackets, or ` at ` between words (only where a domain follows). */
const AT = String.raw`(?:\s*@\s*|\s*[([{]\s*(?:at|@)\s*[)\]}]\s*|\s+at\s+)`;
/** The dot between labels: `.`, or `dot`/`titik`/`.` in brackets, or ` dot ` between words. */
const DOT = String.raw`(?:\.|\s*[([{]\s*(?:dot|titik|\.)\s*[)\]}]\s*|\s+(?:dot|titik)\s+)`;
const LABEL = String.raw`[\p{L}\p{N}-]+`;
const TLDS = 'com|net|org|id|co|me|io|ly|gl|gg|link|info|biz|xyz|app|site|shop|store|online|my|sg|jp|kr|cn|us|uk|au';

const EMAIL = new RegExp(String.raw`[\p{L}\p{N}._%+-]+${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}\p{L}{2,}`, 'giu');
/** A scheme (also defanged: hxxp, h**p, `[:]`) or www., then everything to the next space. */
const LINK = new RegExp(String.raw`(?:\bh(?:tt|xx|\*\*)ps?\s*(?::|\[:\])\s*\/\/|\bwww${DOT})\S+`, 'giu');
const HOST = new RegExp(String.raw`\b[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:${TLDS})\b(?:\/\S*)?`, 'giu');
const PHONE = /(?:\+|\()?\d(?:[\s.\-()/]*\d){7,}/g;

/**
 * The text in NFKC, one original character at a time, with where each normalised UTF-16 unit
 * came from (`from`: the start of its original character, `to`: the end of it).
 */
function normalise(text: string) {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const n = String.fromCodePoint(cp).normalize('NFKC');
    for (let k = 0; k < n.length; k++) {
      from.push(i);
      to.push(i + size);
    }
    out += n;
    i += size;
  }
  return { out, from, to };
}

/** The text with contact details masked, and whether anything was. */
export function maskContacts(text: string): { text: string; masked: boolean } {
  const { out, from, to } = normalise(text);
  const spans: [number, number][] = [];
  for (const pattern of [EMAIL, LINK, HOST, PHONE]) {
    for (const m of out.matchAll(pattern)) {
      const matched = m[0].trimEnd();
      if (!matched) continue;
      spans.push([from[m.index], to[m.index + matched.length - 1]]);
    }
  }
  if (!spans.length) return { text, masked: false };
  // Overlapping matches (a link's host, an e-mail's domain) become one mask.
  spans.sort((a, b) => a[0] - b[0]);
  let result = '';
  let at = 0;
  for (const [start, end] of spans) {
    if (end <= at) continue;
    result += text.slice(at, Math.max(at, start)) + (start >= at ? MASK : '');
    at = end;
  }
  return { text: result + text.slice(at), masked: true };
}
