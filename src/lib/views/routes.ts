import type { Profile } from '../schemas/auth.ts';
import type { DiscussionMessage, FavoriteView, OwnProductView, ProductView, RequestView, Suggestions } from './catalogue.ts';
import type { BalanceView, CartLine, TransactionPage, TransactionView } from './orders.ts';
import type { NotificationPage } from './notifications.ts';
import type { ChatMessagesPage, ChatRoomView, ChatRoomsPage, NewMessageView } from './chat.ts';
import type { Page } from './page.ts';
import type { Area, AreaCity, AreaSubDistrict, CityWithCountry, Country, GlobalCity, PosCode } from './places.ts';
import type { AddressView, BankAccountView, PayoutBank } from './settings.ts';
import type { FollowEntry, PublicProfile } from './social.ts';
import type { RatingsPage, Reputation } from './ratings.ts';
import type { TripView } from './trips.ts';

/**
 * What each GET of /v1 answers with (the envelope's `data`), by path. `api.get(path)` reads its
 * type here, so every caller of one endpoint sees the same shape.
 */
export interface GetRoutes {
  '/users/me': Profile;
  '/products': Page<ProductView>;
  '/requests': Page<RequestView>;
  '/users/products': Page<OwnProductView>;
  [path: `/users/products/${number}`]: ProductView;
  '/users/requests': Page<RequestView>;
  [path: `/users/requests/${number}`]: RequestView;
  '/users/trips': Page<TripView>;
  [path: `/users/trips/${number}`]: TripView;
  [path: `/users/trips/${number}/products`]: ProductView[];
  '/users/favorites': Page<FavoriteView>;
  [path: `/users/${number}/profile`]: PublicProfile & { is_following: boolean };
  [path: `/users/${number}/reputation`]: Reputation;
  [path: `/users/${number}/ratings`]: RatingsPage;
  [path: `/users/${number}/followers` | `/users/${number}/following`]: FollowEntry[];
  [path: `/products/${number}/discussions` | `/requests/${number}/discussions`]: DiscussionMessage[];
  '/addresses': Page<AddressView>;
  [path: `/addresses/${number}`]: AddressView;
  '/banks': BankAccountView[];
  [path: `/banks/${number}`]: BankAccountView;
  '/misc/countries': Page<Country>;
  '/misc/global-cities': Page<GlobalCity>;
  '/misc/global-cities-with-country': Page<CityWithCountry>;
  '/misc/provinces': { rows: Area[]; total: number };
  '/misc/cities': { rows: AreaCity[]; page: number; per_page: number };
  '/misc/sub-districts': { rows: AreaSubDistrict[]; page: number; per_page: number };
  '/misc/pos-codes': { rows: PosCode[]; total: number };
  '/misc/available-payout-banks': PayoutBank[];
  '/misc/get-traveler-platform-fee': { platform_fee_percentage: number };
  '/carts': CartLine[];
  '/transactions': TransactionPage;
  [path: `/transactions/${number}`]: TransactionView;
  '/balances': BalanceView;
  '/notifications': NotificationPage;
  '/chats': ChatRoomsPage;
  '/chats/new-messages': NewMessageView[];
  [room: `/chats/${number}`]: ChatRoomView;
  [messages: `/chats/${number}/messages`]: ChatMessagesPage;
  '/misc/payment-methods': { methods: { payment_type: 'bank_transfer' | 'card'; name: string }[] };
  '/misc/suggestions': Suggestions;
}

export type GetPath = keyof GetRoutes;
