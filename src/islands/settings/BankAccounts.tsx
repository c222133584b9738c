import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { openPopup } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { Glyph } from './Glyph.tsx';
import { SettingsCard, SettingsList } from './SettingsList.tsx';
import { $bankAccounts, bankAccountDeleted } from './store.ts';
import type { BankAccountView } from '../../lib/views/index.ts';

/** `initial`: the accounts read while rendering the page; null when that failed (the island fetches). */
export default function BankAccountsIsland({ boot, initial }: { boot: Boot; initial: BankAccountView[] | null }) {
  return (
    <IslandRoot boot={boot}>
      <BankAccounts initial={initial} />
    </IslandRoot>
  );
}

/** '1234567890' → '•••• 7890': enough to recognise the account, not to copy it. */
export const maskAccountNumber = (n: string) => `•••• ${n.slice(-4)}`;

const loadBankAccounts = async () => api.get('/banks');

/** /dashboard/setting/bank: the payout accounts; add, edit, delete, reveal a number. */
function BankAccounts({ initial }: { initial: BankAccountView[] | null }) {
  const t = useT();
  return (
    <SettingsList
      store={$bankAccounts}
      initial={initial}
      load={loadBankAccounts}
      onAdd={() => openPopup('form-account-bank', { mode: 'create', id: null })}
      deletePath={(b) => `/banks/${b.id}`}
      onDeleted={bankAccountDeleted}
      icon="bank"
      text={{
        intro: t('settings:bank.intro'),
        add: t('settings:bank.add'),
        emptyTitle: t('settings:bank.empty_title'),
        emptyText: t('settings:bank.empty_text'),
        list: t('settings:bank.list'),
        deleteTitle: t('settings:bank.delete_title'),
        deleteText: (b) => t('settings:bank.delete_text', { bank: b.bank_name, number: maskAccountNumber(b.account_number), name: b.account_name }),
      }}
      card={(b, askDelete) => <BankCard account={b} onDelete={askDelete} />}
    />
  );
}

function BankCard({ account: b, onDelete }: { account: BankAccountView; onDelete: () => void }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const numberId = `bank-number-${b.id}`;
  const named = { bank: b.bank_name, last4: b.account_number.slice(-4) };
  return (
    <SettingsCard
      icon="bank"
      title={b.bank_name}
      editLabel={t('settings:bank.edit', named)}
      onEdit={() => openPopup('form-account-bank', { mode: 'edit', id: b.id })}
      deleteLabel={t('settings:bank.delete', named)}
      onDelete={onDelete}
    >
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{t('settings:bank.holder')}</dt>
        <dd className="min-w-0 truncate font-medium text-slate-800">{b.account_name}</dd>
        <dt className="text-slate-500">{t('settings:bank.number')}</dt>
        <dd className="flex min-w-0 items-center gap-1.5">
          <span id={numberId} className="font-mono tracking-wide text-slate-800 tabular-nums">
            {shown ? b.account_number : maskAccountNumber(b.account_number)}
          </span>
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-controls={numberId}
            aria-label={shown ? t('settings:bank.hide', named) : t('settings:bank.show', named)}
            title={shown ? t('settings:bank.hide', named) : t('settings:bank.show', named)}
            className="inline-flex size-7 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Glyph name={shown ? 'eyeSlash' : 'eye'} className="size-4" />
          </button>
        </dd>
      </dl>
    </SettingsCard>
  );
}
