/**
 * Contact details typed into a chat before the order is paid are masked: the anti-scam rule
 * marketplaces use to keep payment inside escrow. Phone numbers (8 or more digits, with or
 * without spaces, dots, dashes, brackets or a leading +), e-mail addresses and links (a scheme,
 * www., or a host name with a common top-level domain) become MASK.
 */
export const MASK = '•••';

const EMAIL = /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;
const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;
const HOST =
  /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|id|co|me|io|ly|gl|gg|link|info|biz|xyz|app|site|shop|store|online|my|sg|jp|kr|cn|us|uk|au)\b(?:\/\S*)?/gi;
const PHONE = /(?:\+|\()?\d(?:[\s.\-()/]*\d){7,}/g;

/** The text with contact details masked, and whether anything was. */
export function maskContacts(text: string): { text: string; masked: boolean } {
  let masked = false;
  const hide = () => {
    masked = true;
    return MASK;
  };
  const out = text.replace(EMAIL, hide).replace(LINK, hide).replace(HOST, hide).replace(PHONE, hide);
  return { text: out, masked };
}
