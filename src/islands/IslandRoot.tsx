import { useStore } from '@nanostores/react';
import { createContext, useContext, type ReactNode } from 'react';
import { loadNamespaces, namespaces, type Namespace } from '../lib/i18n/index.ts';
import { I18nProvider } from '../lib/i18n/react.tsx';
import { $flags, $locale, $location, $user, bootSession, type Boot } from '../lib/stores/session.ts';

const BootContext = createContext<Boot | null>(null);
const isBrowser = typeof window !== 'undefined';
// A signed-in user's islands show any dictionary: all of them load before the first one hydrates.
if (isBrowser && document.documentElement.dataset.session === 'user') await loadNamespaces(namespaces);

/**
 * Every island's outer shell: boots the shared session stores from the page's server data (in
 * the browser only) and provides the page's language to `useT()`. `ns`: the dictionaries a
 * guest's island shows as it hydrates (every one by default, and always for a signed-in user);
 * what opens later loads its own (popups, header menus). The island's module loads them too
 * (`await loadNamespaces(NS)`), so that hydration never waits for them.
 */
export function IslandRoot({ boot, ns, children }: { boot: Boot; ns?: readonly Namespace[]; children: ReactNode }) {
  if (isBrowser) bootSession(boot);
  return (
    <BootContext.Provider value={boot}>
      <I18nProvider locale={boot.locale} ns={boot.user ? undefined : ns}>
        {children}
      </I18nProvider>
    </BootContext.Provider>
  );
}

/**
 * The session as islands see it: live stores in the browser, this request's boot data on the
 * server, where module-level stores are shared by concurrent requests and must not be read.
 */
export function useSession(): Boot {
  const boot = useContext(BootContext);
  const user = useStore($user);
  const locale = useStore($locale);
  const location = useStore($location);
  const flags = useStore($flags);
  if (!boot) throw new Error('useSession() outside <IslandRoot>');
  return isBrowser ? { user, locale, location, flags } : boot;
}
