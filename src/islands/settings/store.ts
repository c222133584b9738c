import { atom } from 'nanostores';
import type { AddressView, BankAccountView } from '../../lib/views/index.ts';

/**
 * The signed-in user's addresses and bank accounts as the settings pages show them. The page
 * islands seed them from their server props; the form popups put what the API saved here, so the
 * list updates without a reload. `null`: not known on this page (the popup runs elsewhere).
 */
export const $addresses = atom<AddressView[] | null>(null);
export const $bankAccounts = atom<BankAccountView[] | null>(null);

/** Replaces the entry with the same id, or puts a new one first (lists are newest first). */
function upsert<T extends { id: number }>(list: T[] | null, item: T): T[] | null {
  if (!list) return list;
  return list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [item, ...list];
}

export function addressSaved(address: AddressView) {
  $addresses.set(upsert($addresses.get(), address));
}

export function addressDeleted(id: number) {
  const list = $addresses.get();
  if (list) $addresses.set(list.filter((a) => a.id !== id));
}

export function bankAccountSaved(account: BankAccountView) {
  $bankAccounts.set(upsert($bankAccounts.get(), account));
}

export function bankAccountDeleted(id: number) {
  const list = $bankAccounts.get();
  if (list) $bankAccounts.set(list.filter((a) => a.id !== id));
}

/** Seeds a store from server props the first time an island renders in the browser. */
export function seed<T>(store: { get(): T | null; set(v: T): void }, initial: T | null) {
  if (typeof window !== 'undefined' && store.get() === null && initial !== null) store.set(initial);
}
