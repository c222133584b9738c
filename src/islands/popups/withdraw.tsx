import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { withdrawSchema, type WithdrawInput } from '../../lib/schemas/payouts.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { BankAccountView, PayoutView } from '../../lib/views/index.ts';
import { Icon } from '../Icon.tsx';
import { maskAccountNumber } from '../settings/BankAccounts.tsx';
import { Alert, FormNotice } from '../ui/Alert.tsx';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { Confirm, DialogActions, DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { MoneyField } from '../ui/MoneyInput.tsx';
import { Select } from '../ui/Select.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';
import { balanceChanged } from '../withdraw/store.ts';

const bankLabel = (b: BankAccountView) => `${b.bank_name} ${maskAccountNumber(b.account_number)} · ${b.account_name}`;

/**
 * Withdraw the balance to one of the user's bank accounts (POST /v1/balances/withdraw). With no
 * bank account it says to add one in the bank settings; otherwise bank and amount (thousands
 * dots), checked with the API's schema, then a confirmation before anything is sent.
 */
export default function WithdrawPopup({ close }: PopupProps) {
  const t = useT();
  const [data, setData] = useState<{ banks: BankAccountView[]; balance: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    Promise.all([api.get('/banks'), api.get('/balances')])
      .then(([banks, b]) => setData({ banks, balance: b.balance }))
      .catch((err: Error) => setFailed(err instanceof ApiError ? err.message : t('errors:server')));
  }, []);

  if (failed)
    return (
      <div>
        <DialogHeader title={t('withdraw:popup.title')} />
        <DialogBody className="pb-4">
          <Alert kind="error">{failed}</Alert>
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            {t('ui.close')}
          </Button>
        </DialogActions>
      </div>
    );
  if (!data)
    return (
      <div>
        <DialogHeader title={t('withdraw:popup.title')} />
        <Loading label={t('ui.loading')} />
      </div>
    );
  if (data.banks.length === 0)
    return (
      <div data-testid="withdraw-no-bank">
        <DialogHeader title={t('withdraw:popup.title')} />
        <DialogBody className="pb-4">
          <EmptyState
            compact
            icon={<Icon name="bank" className="size-6" />}
            title={t('withdraw:popup.no_bank_title')}
            text={t('withdraw:popup.no_bank_text')}
            action={<ButtonLink href="/dashboard/setting/bank">{t('withdraw:popup.to_settings')}</ButtonLink>}
          />
        </DialogBody>
      </div>
    );
  return <WithdrawForm banks={data.banks} balance={data.balance} close={close} />;
}

function WithdrawForm({ banks, balance, close }: { banks: BankAccountView[]; balance: number; close: () => void }) {
  const t = useT();
  const [confirming, setConfirming] = useState<{ input: WithdrawInput; bank: BankAccountView } | null>(null);
  const [sending, setSending] = useState(false);
  const form = useZodForm({
    schema: withdrawSchema,
    defaultValues: { bank: null as BankAccountView | null, balance: null as number | null },
    toInput: ({ bank, balance: amount }) => ({ bank_id: bank?.id, balance: amount ?? undefined }),
    fieldOf: { bank_id: 'bank' },
  });
  const amount = form.field('balance');

  // Checked with the schema first; nothing is sent before the user confirms.
  const onSubmit = form.submit(async (input) => {
    setConfirming({ input, bank: banks.find((b) => b.id === input.bank_id)! });
  });

  async function send() {
    if (!confirming || sending) return;
    setSending(true);
    try {
      const res = await api<PayoutView>('POST', '/balances/withdraw', { body: confirming.input });
      balanceChanged();
      toast.success(res.message ?? '');
      close();
    } catch (err) {
      // Back to the form with the API's words: under the field it names, and as the notice.
      setConfirming(null);
      if (err instanceof ApiError) {
        for (const [name, message] of Object.entries(err.errors ?? {})) form.setError(name === 'bank_id' ? 'bank' : (name as 'balance'), { message });
        form.setNotice({ kind: 'error', text: err.message });
      } else form.setNotice({ kind: 'error', text: t('errors:server') });
    } finally {
      setSending(false);
    }
  }

  if (confirming) {
    const shown = formatRupiah(confirming.input.balance);
    return (
      <Confirm
        data-testid="withdraw-confirm"
        title={t('withdraw:popup.confirm_title', { amount: shown })}
        confirmLabel={t('withdraw:popup.confirm')}
        busyLabel={t('withdraw:popup.sending')}
        busy={sending}
        cancelLabel={t('withdraw:popup.back')}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(null)}
      >
        {t('withdraw:popup.confirm_text', { amount: shown, bank: confirming.bank.bank_name, number: maskAccountNumber(confirming.bank.account_number), name: confirming.bank.account_name })}
      </Confirm>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogHeader title={t('withdraw:popup.title')} description={t('withdraw:popup.description')} />
      <DialogBody className="space-y-4 pt-1 pb-4">
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800" data-testid="withdraw-available">
          {t('withdraw:popup.available', { balance: formatRupiah(balance) })}
        </p>
        <FormNotice notice={form.notice} />
        <Select {...form.field('bank')} label={t('withdraw:popup.bank')} placeholder={t('withdraw:popup.choose_bank')} options={banks} keyOf={(b) => b.id} labelOf={bankLabel} />
        <div>
          <MoneyField {...amount} label={t('withdraw:popup.amount')} hint={t('withdraw:popup.amount_hint')} />
          {balance > 0 && (
            <button type="button" className="mt-1.5 text-sm font-medium text-brand-700 hover:underline" onClick={() => amount.onValue(balance)}>
              {t('withdraw:popup.all')}
            </button>
          )}
        </div>
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('withdraw:popup.submit')} />
    </form>
  );
}
