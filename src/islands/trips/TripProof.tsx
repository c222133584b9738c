import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { uploadImage } from '../posting/upload-image.ts';

type Status = 'PENDING' | 'APPROVED' | 'REJECTED' | null;

/** The traveller's proof of travel for a trip: upload a boarding pass or ticket; an operator checks it. */
export default function TripProof({ boot, tripId }: { boot: Boot; tripId: number }) {
  return (
    <IslandRoot boot={boot}>
      <Proof tripId={tripId} />
    </IslandRoot>
  );
}

function Proof({ tripId }: { tripId: number }) {
  const t = useT();
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<{ status: Status }>('GET', `/users/trips/${tripId}/proof`).then((r) => setStatus(r.data.status), () => setStatus(null));
  }, [tripId]);
  async function send(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      const image = await uploadImage(file, file.name, () => {});
      const res = await api<{ status: Status }>('POST', `/users/trips/${tripId}/proof`, { body: { image_id: image.filename } });
      setStatus(res.data.status);
      toast.success(res.message ?? '');
    } catch (err) {
      toast.error(err instanceof ApiError ? (err.errors.image ?? err.message) : t('errors:network'));
    } finally {
      setBusy(false);
    }
  }
  if (status === undefined) return null;
  return (
    <section className="mt-5 rounded-2xl border border-slate-200 bg-white p-5" data-testid="trip-proof">
      <h2 className="font-semibold text-slate-900">{t('orders-after:proof.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{status === 'APPROVED' ? t('orders-after:proof.badge_hint') : t('orders-after:proof.hint')}</p>
      {status === 'PENDING' && <p className="mt-2 text-sm font-medium text-amber-800">{t('orders-after:proof.pending')}</p>}
      {status === 'REJECTED' && <p className="mt-2 text-sm font-medium text-red-700">{t('orders-after:proof.rejected')}</p>}
      {status !== 'APPROVED' && (
        <label className="mt-3 inline-flex h-10 cursor-pointer items-center rounded-lg border border-brand-500 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-brand-500">
          {busy ? t('orders-after:complaint.uploading') : t('orders-after:proof.upload')}
          <input type="file" accept="image/*" className="sr-only" disabled={busy} onChange={(e) => void send(e.target.files?.[0])} />
        </label>
      )}
    </section>
  );
}
