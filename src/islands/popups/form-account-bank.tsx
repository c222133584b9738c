import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { bankAccountSchema } from '../../lib/schemas/places.ts';
import { $popupState } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { FormAlert, TextField } from '../auth/fields.tsx';
import { FormActions, OptionSelect } from '../settings/controls.tsx';
import { loadPayoutBanks } from '../settings/lookups.ts';
import { $bankAccounts, bankAccountSaved } from '../settings/store.ts';
import type { BankAccount, PayoutBank } from '../settings/types.ts';
import { useSchemaForm } from '../settings/use-schema-form.ts';
import { PopupBody, PopupHeader, Spinner, type PopupProps } from './PopupParts.tsx';

const FIELDS = ['account_bank', 'account_name', 'account_number'] as const;

/**
 * Add or edit a payout bank account (mode 'create' | 'edit'; the edited one is
 * `$popupState.id`). The bank comes from GET /v1/misc/available-payout-banks; the account number
 * takes digits only, as typed.
 */
export default function FormAccountBankPopup({ close }: PopupProps) {
  const [editId] = useState(() => {
    const s = $popupState.get();
    return s.mode === 'edit' && typeof s.id === 'number' ? s.id : null;
  });
  const [editing, setEditing] = useState<BankAccount | null>(() => (editId ? ($bankAccounts.get()?.find((b) => b.id === editId) ?? null) : null));

  if (editId && !editing) return <LoadAccount id={editId} onLoaded={setEditing} close={close} />;
  return <BankForm editing={editing} close={close} />;
}

/** An account being edited that this page does not list (opened from elsewhere): fetch it. */
function LoadAccount({ id, onLoaded, close }: { id: number; onLoaded: (b: BankAccount) => void; close: () => void }) {
  const t = useT();
  useEffect(() => {
    api<BankAccount>('GET', `/banks/${id}`)
      .then(({ data }) => onLoaded(data))
      .catch((err: Error) => {
        toast.error(err.message);
        close();
      });
  }, [id]);
  return (
    <div>
      <PopupHeader title={t('settings:bank_form.edit_title')} />
      <Spinner label={t('popup.loading')} />
    </div>
  );
}

function BankForm({ editing, close }: { editing: BankAccount | null; close: () => void }) {
  const t = useT();
  const [banks, setBanks] = useState<PayoutBank[] | null>(null);
  const [bank, setBank] = useState<PayoutBank | null>(editing ? { bank_code: editing.account_bank, bank_name: editing.bank_name } : null);
  const [name, setName] = useState(editing?.account_name ?? '');
  const [number, setNumber] = useState(editing?.account_number ?? '');
  const [loadFailed, setLoadFailed] = useState(false);
  const form = useSchemaForm(FIELDS, bankAccountSchema);
  const { errors, clear, bind } = form;

  useEffect(() => {
    loadPayoutBanks()
      .then(setBanks)
      .catch((err: Error) => {
        setBanks([]);
        setLoadFailed(true);
        toast.error(err.message);
      });
  }, []);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void form.submit({ account_bank: bank?.bank_code ?? '', account_name: name, account_number: number }, async (data) => {
      const res = editing ? await api<BankAccount>('PUT', `/banks/${editing.id}`, { body: data }) : await api<BankAccount>('POST', '/banks', { body: data });
      bankAccountSaved(res.data);
      toast.success(res.message ?? '');
      close();
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <PopupHeader title={editing ? t('settings:bank_form.edit_title') : t('settings:bank_form.create_title')} description={t('settings:bank_form.description')} />
      <PopupBody className="space-y-4 pt-1 pb-4">
        {loadFailed && <FormAlert kind="error">{t('settings:bank_form.load_failed')}</FormAlert>}
        {form.notice && <FormAlert kind="error">{form.notice}</FormAlert>}
        <OptionSelect
          label={t('settings:bank_form.bank')}
          placeholder={banks ? t('settings:bank_form.bank_placeholder') : t('settings:common.loading')}
          options={banks ?? []}
          value={bank}
          onChange={(b) => {
            setBank(b);
            clear('account_bank');
          }}
          keyOf={(b) => b.bank_code}
          labelOf={(b) => b.bank_name}
          disabled={!banks}
          error={errors.account_bank}
          buttonRef={bind('account_bank')}
        />
        <TextField
          name="account_name"
          label={t('settings:bank_form.name')}
          placeholder={t('settings:bank_form.name_placeholder')}
          autoComplete="name"
          maxLength={100}
          value={name}
          onValue={(v) => {
            setName(v);
            clear('account_name');
          }}
          error={errors.account_name}
          inputRef={bind('account_name')}
        />
        <TextField
          name="account_number"
          label={t('settings:bank_form.number')}
          placeholder={t('settings:bank_form.number_placeholder')}
          hint={t('settings:bank_form.number_hint')}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={34}
          value={number}
          onKeyDown={(e) => {
            // SPEC §5: numeric, never negative: a minus or any other non-digit key does nothing.
            if (e.key.length === 1 && !/\d/.test(e.key) && !e.ctrlKey && !e.metaKey) e.preventDefault();
          }}
          onValue={(v) => {
            setNumber(v.replace(/\D/g, ''));
            clear('account_number');
          }}
          error={errors.account_number}
          inputRef={bind('account_number')}
        />
      </PopupBody>
      <FormActions busy={form.busy} onCancel={close} label={t('settings:bank_form.save')} />
    </form>
  );
}
