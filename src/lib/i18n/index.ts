import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import enCommon from './locales/en/common.json' with { type: 'json' };
import enAuth from './locales/en/auth.json' with { type: 'json' };
import enErrors from './locales/en/errors.json' with { type: 'json' };
import enPlaces from './locales/en/places.json' with { type: 'json' };
import enCatalogue from './locales/en/catalogue.json' with { type: 'json' };
import enContent from './locales/en/content.json' with { type: 'json' };
import enSettings from './locales/en/settings.json' with { type: 'json' };
import enTrips from './locales/en/trips.json' with { type: 'json' };
import enMarket from './locales/en/market.json' with { type: 'json' };
import enPosting from './locales/en/posting.json' with { type: 'json' };
import enAccount from './locales/en/account.json' with { type: 'json' };
import enOrders from './locales/en/orders.json' with { type: 'json' };
import enNotifications from './locales/en/notifications.json' with { type: 'json' };
import enOrdersBuy from './locales/en/orders-ui-buy.json' with { type: 'json' };
import enOrdersDeal from './locales/en/orders-deal.json' with { type: 'json' };
import enWithdraw from './locales/en/withdraw.json' with { type: 'json' };
import enOrdersAfter from './locales/en/orders-after.json' with { type: 'json' };
import enAdmin from './locales/en/admin.json' with { type: 'json' };
import enOrdersFulfil from './locales/en/orders-fulfil.json' with { type: 'json' };
import enChat from './locales/en/chat.json' with { type: 'json' };
import idCommon from './locales/id/common.json' with { type: 'json' };
import idAuth from './locales/id/auth.json' with { type: 'json' };
import idErrors from './locales/id/errors.json' with { type: 'json' };
import idPlaces from './locales/id/places.json' with { type: 'json' };
import idCatalogue from './locales/id/catalogue.json' with { type: 'json' };
import idContent from './locales/id/content.json' with { type: 'json' };
import idSettings from './locales/id/settings.json' with { type: 'json' };
import idTrips from './locales/id/trips.json' with { type: 'json' };
import idMarket from './locales/id/market.json' with { type: 'json' };
import idPosting from './locales/id/posting.json' with { type: 'json' };
import idAccount from './locales/id/account.json' with { type: 'json' };
import idOrders from './locales/id/orders.json' with { type: 'json' };
import idNotifications from './locales/id/notifications.json' with { type: 'json' };
import idOrdersBuy from './locales/id/orders-ui-buy.json' with { type: 'json' };
import idOrdersDeal from './locales/id/orders-deal.json' with { type: 'json' };
import idWithdraw from './locales/id/withdraw.json' with { type: 'json' };
import idOrdersAfter from './locales/id/orders-after.json' with { type: 'json' };
import idAdmin from './locales/id/admin.json' with { type: 'json' };
import idOrdersFulfil from './locales/id/orders-fulfil.json' with { type: 'json' };
import idChat from './locales/id/chat.json' with { type: 'json' };

export const locales = ['en', 'id'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';
export const namespaces = ['common', 'auth', 'errors', 'places', 'catalogue', 'content', 'settings', 'trips', 'market', 'posting', 'account', 'orders', 'orders-buy', 'orders-deal', 'notifications', 'orders-after', 'admin', 'withdraw', 'orders-fulfil', 'chat'] as const;

export const resources = {
  en: { common: enCommon, auth: enAuth, errors: enErrors, places: enPlaces, catalogue: enCatalogue, content: enContent, settings: enSettings, trips: enTrips, market: enMarket, posting: enPosting, account: enAccount, orders: enOrders, 'orders-buy': enOrdersBuy, 'orders-deal': enOrdersDeal, notifications: enNotifications, 'orders-after': enOrdersAfter, admin: enAdmin, withdraw: enWithdraw, 'orders-fulfil': enOrdersFulfil, chat: enChat },
  id: { common: idCommon, auth: idAuth, errors: idErrors, places: idPlaces, catalogue: idCatalogue, content: idContent, settings: idSettings, trips: idTrips, market: idMarket, posting: idPosting, account: idAccount, orders: idOrders, 'orders-buy': idOrdersBuy, 'orders-deal': idOrdersDeal, notifications: idNotifications, 'orders-after': idOrdersAfter, admin: idAdmin, withdraw: idWithdraw, 'orders-fulfil': idOrdersFulfil, chat: idChat },
} as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** 'id', 'id-ID', 'ID' → 'id'; anything unknown → the default locale. */
export function resolveLocale(value: string | null | undefined): Locale {
  const primary = (value ?? '').trim().toLowerCase().split(/[-_,;]/)[0];
  return isLocale(primary) ? primary : defaultLocale;
}

/** A synchronously initialised i18next instance holding both languages. */
export function createI18n(locale: Locale = defaultLocale): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: locale,
    fallbackLng: defaultLocale,
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

let shared: I18n | undefined;
/** A translate function fixed to one language, for server-side messages. */
export function translator(locale: Locale): TFunction {
  shared ??= createI18n();
  return shared.getFixedT(locale);
}
