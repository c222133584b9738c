/** The FAQ grouped for /faq, /faq/{id} and the help centre. */
import type { Locale } from '../i18n/index.ts';
import type { IconName } from '../icons.ts';
import { byOrder, localizedEntries, type Localized } from './entries.ts';
import { faqCategories, type FaqCategory } from './schemas.ts';

export const faqCategoryIcons: Record<FaqCategory, IconName> = {
  ordering: 'bag',
  payment: 'shield',
  shipping: 'plane',
  travellers: 'suitcase',
  refunds: 'receipt',
  account: 'user',
};

export interface FaqGroup {
  category: FaqCategory;
  entries: Localized<'faq'>[];
}

/** Every category that has questions, in the fixed category order; questions by `order`. */
export async function faqGroups(locale: Locale): Promise<FaqGroup[]> {
  const entries = await localizedEntries('faq', locale);
  return faqCategories
    .map((category) => ({ category, entries: entries.filter((e) => e.entry.data.category === category).sort(byOrder) }))
    .filter((g) => g.entries.length > 0);
}
