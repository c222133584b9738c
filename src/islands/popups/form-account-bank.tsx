import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { bankAccountSchema } from '../../lib/schemas/places.ts';
import { $popupState, type PopupProps } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { loadPayoutBanks } from '../settings/lookups.ts';
import { $bankAccounts, bankAccountSaved } from '../settings/store.ts';
import type { BankAccountView, PayoutBank } from '../../lib/views/index.ts';
import { Alert, FormNotice } from '../ui/Alert.tsx';
import { DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { TextField } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

/** Digits only (SPEC §5: numeric, never negative): a minus or any other character is dropped. */
const digits = (value: string) => value.replace(/\D/g, '');

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
  const [editing, setEditing] = useState<BankAccountView | null>(() => (editId ? ($bankAccounts.get()?.find((b) => b.id === editId) ?? null) : null));

  if (editId && !editing) return <LoadAccount id={editId} onLoaded={setEditing} close={close} />;
  return <BankForm editing={editing} close={close} />;
}

/** An account being edited that this page does not list (opened from elsewhere): fetch it. */
function LoadAccount({ id, onLoaded, close }: { id: number; onLoaded: (b: BankAccountView) => void; close: () => void }) {
  const t = useT();
  useEffect(() => {
    api.get(`/banks/${id}`)
      .then(onLoaded)
      .catch((err: Error) => {
        toast.error(err.message);
        close();
      });
  }, [id]);
  return (
    <div>
      <DialogHeader title={t('settings:bank_form.edit_title')} />
      <Loading label={t('ui.loading')} />
    </div>
  );
}

function BankForm({ editing, close }: { editing: BankAccountView | null; close: () => void }) {
  const t = useT();
  const [banks, setBanks] = useState<PayoutBank[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const form = useZodForm({
    schema: bankAccountSchema,
    defaultValues: {
      bank: editing ? ({ bank_code: editing.account_bank, bank_name: editing.bank_name } as PayoutBank | null) : null,
      account_name: editing?.account_name ?? '',
      account_number: editing?.account_number ?? '',
    },
    toInput: ({ bank, ...rest }) => ({ account_bank: bank?.bank_code ?? '', ...rest }),
    fieldOf: { account_bank: 'bank' },
  });
  const number = form.field('account_number');

  useEffect(() => {
    loadPayoutBanks()
      .then(setBanks)
      .catch((err: Error) => {
        setBanks([]);
        setLoadFailed(true);
        toast.error(err.message);
      });
  }, []);

  const onSubmit = form.submit(async (data) => {
    const res = editing ? await api<BankAccountView>('PUT', `/banks/${editing.id}`, { body: data }) : await api<BankAccountView>('POST', '/banks', { body: data });
    bankAccountSaved(res.data);
    toast.success(res.message ?? '');
    close();
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogHeader title={editing ? t('settings:bank_form.edit_title') : t('settings:bank_form.create_title')} description={t('settings:bank_form.description')} />
      <DialogBody className="space-y-4 pt-1 pb-4">
        {loadFailed && <Alert kind="error">{t('settings:bank_form.load_failed')}</Alert>}
        <FormNotice notice={form.notice} />
        <Select
          {...form.field('bank')}
          label={t('settings:bank_form.bank')}
          placeholder={banks ? t('settings:bank_form.bank_placeholder') : t('ui.loading')}
          options={banks ?? []}
          keyOf={(b) => b.bank_code}
          labelOf={(b) => b.bank_name}
          disabled={!banks}
        />
        <TextField
          {...form.text('account_name')}
          label={t('settings:bank_form.name')}
          placeholder={t('settings:bank_form.name_placeholder')}
          autoComplete="name"
          maxLength={100}
        />
        <TextField
          {...number}
          onValue={(v) => number.onValue(digits(v))}
          label={t('settings:bank_form.number')}
          placeholder={t('settings:bank_form.number_placeholder')}
          hint={t('settings:bank_form.number_hint')}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={34}
          onKeyDown={(e) => {
            // SPEC §5: numeric, never negative: a minus or any other non-digit key does nothing.
            if (e.key.length === 1 && !/\d/.test(e.key) && !e.ctrlKey && !e.metaKey) e.preventDefault();
          }}
        />
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('settings:bank_form.save')} />
    </form>
  );
}
