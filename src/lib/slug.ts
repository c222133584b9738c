/** A readable URL slug: lower-case ASCII words joined by '-', at most `max` characters. */
export function slugify(text: string, max = 80): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return base || 'item';
}
