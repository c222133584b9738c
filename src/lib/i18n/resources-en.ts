/** Every dictionary of one language. */
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

export default { common: enCommon, auth: enAuth, errors: enErrors, places: enPlaces, catalogue: enCatalogue, content: enContent, settings: enSettings, trips: enTrips, market: enMarket, posting: enPosting, account: enAccount, orders: enOrders, 'orders-buy': enOrdersBuy, 'orders-deal': enOrdersDeal, notifications: enNotifications, 'orders-after': enOrdersAfter, admin: enAdmin, withdraw: enWithdraw, 'orders-fulfil': enOrdersFulfil, chat: enChat } as const;
