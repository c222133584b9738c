/** What only a signed-in user's header shows, one chunk a guest's page never loads (Header.tsx). */
export { AccountMenu } from './AccountMenu.tsx';
export { CartMenu } from './CartMenu.tsx';
export { FavouritesMenu } from './FavouritesMenu.tsx';
export { NotificationsMenu } from '../notifications/NotificationsMenu.tsx';
export { ChatMenu } from '../chat/ChatMenu.tsx';
export { startLive } from '../notifications/live.ts';
