/** Every dictionary of one language. */
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

export default { common: idCommon, auth: idAuth, errors: idErrors, places: idPlaces, catalogue: idCatalogue, content: idContent, settings: idSettings, trips: idTrips, market: idMarket, posting: idPosting, account: idAccount, orders: idOrders, 'orders-buy': idOrdersBuy, 'orders-deal': idOrdersDeal, notifications: idNotifications, 'orders-after': idOrdersAfter, admin: idAdmin, withdraw: idWithdraw, 'orders-fulfil': idOrdersFulfil, chat: idChat } as const;
