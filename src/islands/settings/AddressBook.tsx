import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { openPopup } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { addressLines } from './address-lines.ts';
import { SettingsCard, SettingsList } from './SettingsList.tsx';
import { $addresses, addressDeleted } from './store.ts';
import type { AddressView } from '../../lib/views/index.ts';
import { formatPhone } from '../../lib/phone-format.ts';

/** `initial`: the list read while rendering the page; null when that failed (the island fetches). */
export default function AddressBookIsland({ boot, initial }: { boot: Boot; initial: AddressView[] | null }) {
  return (
    <IslandRoot boot={boot}>
      <AddressBook initial={initial} />
    </IslandRoot>
  );
}

const loadAddresses = async () => (await api.get('/addresses', { query: { per_page: 100, orderBy: 'created_at', sort: 'desc' } })).rows;

/** /dashboard/setting/address: the user's addresses as cards; add, edit and delete. */
function AddressBook({ initial }: { initial: AddressView[] | null }) {
  const t = useT();
  return (
    <SettingsList
      store={$addresses}
      initial={initial}
      load={loadAddresses}
      onAdd={() => openPopup('form-address', { mode: 'create' })}
      deletePath={(a) => `/addresses/${a.id}`}
      onDeleted={addressDeleted}
      icon="mapPin"
      text={{
        intro: t('settings:address.intro'),
        add: t('settings:address.add'),
        emptyTitle: t('settings:address.empty_title'),
        emptyText: t('settings:address.empty_text'),
        list: t('settings:address.list'),
        deleteTitle: t('settings:address.delete_title'),
        deleteText: (a) => t('settings:address.delete_text', { label: a.label, name: a.name }),
      }}
      card={(a, askDelete) => <AddressCard address={a} onDelete={askDelete} />}
    />
  );
}

function AddressCard({ address: a, onDelete }: { address: AddressView; onDelete: () => void }) {
  const t = useT();
  const lines = addressLines(a);
  return (
    <SettingsCard
      icon="mapPin"
      title={a.label}
      editLabel={t('settings:address.edit', { label: a.label })}
      onEdit={() => openPopup('form-address', { mode: 'edit', address: a })}
      deleteLabel={t('settings:address.delete', { label: a.label })}
      onDelete={onDelete}
    >
      <p className="mt-0.5 text-sm text-slate-700">
        <span className="font-medium">{a.name}</span>
        <span className="text-slate-400"> · </span>
        <span className="tabular-nums">{formatPhone(a.phone_number)}</span>
      </p>
      <address className="mt-3 space-y-0.5 text-sm leading-6 text-slate-600 not-italic">
        <span className="block break-words">{lines.street}</span>
        {lines.area && <span className="block">{lines.area}</span>}
        <span className="block font-medium text-slate-700">{lines.country}</span>
      </address>
    </SettingsCard>
  );
}
