import { useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { IMAGE_MAX_BYTES } from '../../lib/images.ts';
import { confirmPurchaseSchema } from '../../lib/schemas/orders.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { uploadImage } from '../posting/upload-image.ts';
import { FormNotice } from '../ui/Alert.tsx';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { FieldFrame, TextArea, useFieldIds } from '../ui/Field.tsx';
import { flashAndGo } from '../ui/flash.ts';
import { useZodForm } from '../ui/use-zod-form.ts';

interface Props {
  boot: Boot;
  orderId: number;
}

/**
 * The traveller confirms they bought the item: a receipt photo (uploaded at once through
 * POST /v1/uploads/images) and an optional note, then POST /v1/transactions/{id}/confirm-purchase.
 */
export default function PurchaseConfirmation(props: Props) {
  return (
    <IslandRoot boot={props.boot}>
      <Form {...props} />
    </IslandRoot>
  );
}

type Photo = { status: 'uploading' | 'done' | 'error'; preview: string; id?: string; progress: number; error?: string };

function Form({ orderId }: Props) {
  const t = useT();
  const back = `/dashboard/sell/${orderId}`;
  const [photo, setPhoto] = useState<Photo | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = useFieldIds('receipt_image_id');
  const form = useZodForm({
    schema: confirmPurchaseSchema,
    defaultValues: { notes: '' },
    toInput: ({ notes }) => ({ receipt_image_id: photo?.status === 'done' ? photo.id : undefined, notes: notes || undefined }),
  });

  async function pick(file: File | undefined) {
    if (!file) return;
    const preview = URL.createObjectURL(file);
    if (!file.type.startsWith('image/') || file.size > IMAGE_MAX_BYTES) {
      setPhoto({ status: 'error', preview, progress: 0, error: t('orders-fulfil:purchase.receipt_hint') });
      return;
    }
    setPhoto({ status: 'uploading', preview, progress: 0 });
    try {
      const image = await uploadImage(file, file.name, (progress) => setPhoto((p) => (p ? { ...p, progress } : p)));
      setPhoto({ status: 'done', preview, id: image.filename, progress: 100 });
    } catch (err) {
      setPhoto({ status: 'error', preview, progress: 0, error: err instanceof ApiError ? err.message : t('errors:network') });
    }
  }

  const onSubmit = form.submit(async (data) => {
    const res = await api('POST', `/transactions/${orderId}/confirm-purchase`, { body: data });
    flashAndGo(res.message, back);
    return 'navigating';
  });

  // An uploaded photo answers "upload a receipt": that message goes with it.
  const error = photo?.status === 'error' ? photo.error : photo?.status === 'done' ? undefined : form.errorOf('receipt_image_id');
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="purchase-confirmation">
      <FormNotice notice={form.notice} />
      <FieldFrame id={ids.id} label={t('orders-fulfil:purchase.receipt')} hint={t('orders-fulfil:purchase.receipt_hint')} error={error}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {photo ? (
            <img src={photo.preview} alt={t('orders-fulfil:detail.receipt_alt', { id: orderId })} className="h-40 w-40 rounded-xl object-cover ring-1 ring-slate-200" data-testid="receipt-preview" />
          ) : (
            <span className="flex h-40 w-40 items-center justify-center rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 text-sm text-slate-500">{t('orders-fulfil:purchase.receipt')}</span>
          )}
          <div>
            <input
              ref={(el) => {
                input.current = el;
                form.focusRef('receipt_image_id')(el);
              }}
              id={ids.id}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              aria-invalid={error ? true : undefined}
              aria-describedby={ids.describedBy(error, t('orders-fulfil:purchase.receipt_hint'))}
              onChange={(e) => void pick(e.currentTarget.files?.[0])}
              data-testid="receipt-input"
            />
            <Button variant="secondary" onClick={() => input.current?.click()} loading={photo?.status === 'uploading'} loadingLabel={`${t('orders-fulfil:purchase.uploading')} ${photo?.progress ?? 0}%`}>
              {photo ? t('orders-fulfil:purchase.change_photo') : t('orders-fulfil:purchase.choose_photo')}
            </Button>
          </div>
        </div>
      </FieldFrame>
      <TextArea {...form.text('notes')} label={t('orders-fulfil:purchase.notes')} optional rows={3} maxLength={500} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink href={back} variant="secondary" size="lg">
          {t('orders-fulfil:purchase.back')}
        </ButtonLink>
        <Button type="submit" size="lg" loading={form.busy} loadingLabel={t('orders-fulfil:purchase.submitting')} disabled={photo?.status === 'uploading' || !form.hydrated}>
          {t('orders-fulfil:purchase.submit')}
        </Button>
      </div>
    </form>
  );
}
