import { useStore } from '@nanostores/react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { deliverSchema } from '../../lib/schemas/orders.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { FormNotice } from '../ui/Alert.tsx';
import { DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { TextField } from '../ui/Field.tsx';
import { flashAndGo } from '../ui/flash.ts';
import { useZodForm } from '../ui/use-zod-form.ts';
import { $fulfilTarget, orderPath } from '../orders/fulfil-target.ts';

/** The traveller ships the order: courier and tracking number (POST /v1/transactions/{id}/deliver-product). */
export default function ShippingConfirmation({ close }: PopupProps) {
  const t = useT();
  const order = useStore($fulfilTarget);
  const form = useZodForm({ schema: deliverSchema, defaultValues: { courier_name: '', resi: '' } });
  const onSubmit = form.submit(async (data) => {
    const res = await api('POST', `/transactions/${order!.id}/deliver-product`, { body: data });
    flashAndGo(res.message, orderPath(order!));
    return 'navigating';
  });
  if (!order) return null;
  return (
    <form noValidate onSubmit={onSubmit} data-testid="shipping-confirmation">
      <DialogHeader title={t('orders-fulfil:ship.title')} description={t('orders-fulfil:ship.description')} />
      <DialogBody className="space-y-4 pb-4">
        <FormNotice notice={form.notice} />
        <TextField {...form.text('courier_name')} label={t('orders-fulfil:ship.courier')} placeholder={t('orders-fulfil:ship.courier_placeholder')} autoComplete="off" maxLength={60} />
        <TextField {...form.text('resi')} label={t('orders-fulfil:ship.resi')} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={60} />
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('orders-fulfil:ship.submit')} busyLabel={t('orders-fulfil:ship.submitting')} />
    </form>
  );
}
