import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { ImageRef } from '../../lib/images.ts';
import { COMPLAINT_REASONS, OTHER } from '../../lib/orders/after-sales.ts';
import { complaintRequestSchema } from '../../lib/schemas/after-sales.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { uploadImage } from '../posting/upload-image.ts';
import { buttonClass } from '../ui/Button.tsx';
import { checkWith, Field, inputClass, useOrderCall } from './DealParts.tsx';

const MAX_PHOTOS = 6;

/** The complaint of /dashboard/purchase/refund/{id}: a reason, a note and photos (POST /v1/transactions/{id}/refund). */
export default function ComplaintForm({ boot, orderId }: { boot: Boot; orderId: number }) {
  return (
    <IslandRoot boot={boot}>
      <Form orderId={orderId} />
    </IslandRoot>
  );
}

function Form({ orderId }: { orderId: number }) {
  const t = useT();
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<ImageRef[]>([]);
  const [uploading, setUploading] = useState(0);
  const { busy, errors, setErrors, run, clearing } = useOrderCall();

  async function addPhotos(files: FileList | null) {
    if (!files) return;
    const room = MAX_PHOTOS - photos.length;
    for (const file of [...files].slice(0, room)) {
      setUploading((n) => n + 1);
      try {
        const image = await uploadImage(file, file.name, () => {});
        setPhotos((p) => [...p, image]);
        setErrors(({ image_ids: _dropped, ...rest }) => rest);
      } catch (err) {
        toast.error(err instanceof ApiError ? (err.errors.image ?? err.message) : t('errors:network'));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { reason: reason ?? undefined, note: note.trim() || undefined, image_ids: photos.map((p) => p.filename) };
    const { data, errors: found } = checkWith(complaintRequestSchema, body, t);
    setErrors(found);
    if (data) void run('POST', `/transactions/${orderId}/refund`, data, { href: () => `/dashboard/purchase/refund-purchasemen/${orderId}` });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="complaint-form">
      <fieldset aria-describedby={errors.reason ? 'reason-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t('orders-after:complaint.reason_legend')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {COMPLAINT_REASONS.map((r) => (
            <label key={r} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm text-slate-800 has-checked:border-brand-500 has-checked:bg-brand-50">
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => clearing('reason', setReason)(r)} className="size-4 accent-brand-600" />
              {t(`orders-after:complaint.reason.${r}`)}
            </label>
          ))}
        </div>
        {errors.reason && <p id="reason-error" role="alert" className="mt-1 text-xs text-red-600">{errors.reason}</p>}
      </fieldset>
      <Field id="complaint-note" label={reason === OTHER ? t('orders-after:complaint.note') : `${t('orders-after:complaint.note')} (${t('common:ui.optional')})`} error={errors.note}>
        <textarea id="complaint-note" rows={4} maxLength={500} value={note} onChange={(e) => clearing('note', setNote)(e.target.value)} aria-invalid={!!errors.note} className={inputClass} />
      </Field>
      <div>
        <p className="text-sm font-medium text-slate-800">{t('orders-after:complaint.photos')}</p>
        <p className="text-xs text-slate-500">{t('orders-after:complaint.photos_hint')}</p>
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="complaint-photos">
          {photos.map((p) => (
            <li key={p.filename} className="relative">
              <img src={p.src} alt="" className="size-20 rounded-lg object-cover ring-1 ring-slate-200" />
              <button type="button" onClick={() => setPhotos((all) => all.filter((x) => x.filename !== p.filename))} className="absolute -top-2 -right-2 rounded-full bg-white px-1.5 text-xs text-red-700 shadow ring-1 ring-slate-200" aria-label={t('orders-after:complaint.remove_photo')}>
                ×
              </button>
            </li>
          ))}
          {photos.length < MAX_PHOTOS && (
            <li>
              <label className="flex size-20 cursor-pointer items-center justify-center rounded-lg border-2 border-dashed border-slate-300 text-center text-xs text-slate-600 hover:border-brand-400 focus-within:outline-2 focus-within:outline-brand-500">
                {uploading ? t('orders-after:complaint.uploading') : t('orders-after:complaint.add_photo')}
                <input type="file" accept="image/*" multiple className="sr-only" onChange={(e) => void addPhotos(e.target.files)} data-testid="complaint-photo-input" />
              </label>
            </li>
          )}
        </ul>
        {errors.image_ids && <p role="alert" className="mt-1 text-xs text-red-600">{errors.image_ids}</p>}
      </div>
      <button type="submit" disabled={busy || uploading > 0} className={buttonClass({ variant: 'primary' })}>
        {busy ? t('orders-after:complaint.submitting') : t('orders-after:complaint.submit')}
      </button>
    </form>
  );
}
