import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { requestSchema } from '../../lib/schemas/catalogue.ts';
import { $popupState, openPopup, setPopupState, type PopupAddress } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import type { RequestView } from '../../server/domain/catalogue/requests.ts';
import { FormAlert } from '../auth/fields.tsx';
import { IslandRoot } from '../IslandRoot.tsx';
import { CountryPicker } from './CountryPicker.tsx';
import { confirmDelete } from './delete-target.ts';
import { FormActions } from './FormActions.tsx';
import { ChoiceCard, describedBy, Field, MoneyField, Section, TextAreaField, TextInputField, wholeNumber, WholeNumberField } from './FormParts.tsx';
import { PhotoUploader } from './PhotoUploader.tsx';
import { addressLines } from './places.ts';
import type { CountryChoice, RequestDraft } from './types.ts';
import { usePhotos } from './use-photos.ts';
import { usePostForm } from './use-post-form.ts';

interface Props {
  boot: Boot;
  /** Edit mode: the request as it is now. */
  request?: RequestDraft;
}

export default function RequestFormIsland(props: Props) {
  return (
    <IslandRoot boot={props.boot}>
      <RequestForm request={props.request} />
    </IslandRoot>
  );
}

const FIELDS = ['name', 'description', 'images', 'price_eta', 'quantity', 'traveler_tip', 'buy_from_country_id', 'address_id'] as const;
const NAME_MAX = 120;
const DESCRIPTION_MAX = 5000;

/** Post or edit a buyer request: POST /v1/users/requests or PUT /v1/users/requests/{id}. */
function RequestForm({ request }: { request?: RequestDraft }) {
  const t = useT();
  const form = usePostForm(FIELDS, 'request');
  const { errors, idOf } = form;
  const [name, setName] = useState(request?.name ?? '');
  const [description, setDescription] = useState(request?.description ?? '');
  const [priceEta, setPriceEta] = useState<number | null>(request?.price_eta ?? null);
  const [quantity, setQuantity] = useState(request ? String(request.quantity) : '1');
  const [tip, setTip] = useState<number | null>(request?.traveler_tip ?? null);
  const [country, setCountry] = useState<CountryChoice | null>(request?.country ?? null);
  const [address, setAddress] = useState<PopupAddress | null>(request?.address ?? null);
  const photos = usePhotos((request?.images ?? []).map((ref) => ({ ref })));

  // The select-address popup writes `address`; start it from this request's address (or none).
  useEffect(() => {
    setPopupState({ address: request?.address ?? null });
    return $popupState.listen((state) => setAddress(state.address ?? null));
  }, [request]);
  useEffect(() => {
    if (address) form.clear('address_id');
  }, [address]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = form.validate(requestSchema, {
      name,
      description,
      price_eta: priceEta ?? undefined,
      quantity: wholeNumber(quantity),
      traveler_tip: tip ?? undefined,
      buy_from_country_id: country?.id,
      address_id: address?.id,
      images: photos.filenames,
    });
    if (!data) return;
    if (photos.pending || photos.failed) {
      form.setNotice(t(photos.pending ? 'posting:form.photos_pending' : 'posting:form.photos_failed'));
      form.focusField('images');
      return;
    }
    void form.run(async () => {
      const res = request
        ? await api<RequestView>('PUT', `/users/requests/${request.id}`, { body: data })
        : await api<RequestView>('POST', '/users/requests', { body: data });
      window.location.assign(`/products/request/${res.data.slug}`);
      return 'navigating';
    });
  }

  const qty = Number(quantity) || 0;
  const total = priceEta !== null && qty > 0 ? priceEta * qty + (tip ?? 0) : null;
  const lines = address ? addressLines(address) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t(request ? 'posting:request.edit_title' : 'posting:request.title')}>
      {form.notice && <FormAlert kind="error">{form.notice}</FormAlert>}

      <Section title={t('posting:request.section_item')} icon="bag">
        <TextInputField {...form.bind('name', setName)} value={name} maxChars={NAME_MAX} label={t('posting:request.name')} placeholder={t('posting:request.name_placeholder')} />
        <TextAreaField
          {...form.bind('description', setDescription)}
          value={description}
          maxChars={DESCRIPTION_MAX}
          label={t('posting:request.description')}
          placeholder={t('posting:request.description_placeholder')}
        />
        <PhotoUploader id={idOf('images')} photos={photos} error={errors.images} disabled={form.busy} />
      </Section>

      <Section title={t('posting:request.section_price')} icon="wallet">
        <div className="grid gap-5 sm:grid-cols-[1fr_9rem]">
          <MoneyField {...form.bind('price_eta', setPriceEta)} value={priceEta} label={t('posting:request.price_eta')} hint={t('posting:request.price_eta_hint')} />
          <WholeNumberField {...form.bind('quantity', setQuantity)} value={quantity} label={t('posting:request.quantity')} />
        </div>
        <MoneyField {...form.bind('traveler_tip', setTip)} value={tip} label={t('posting:request.tip')} hint={t('posting:request.tip_hint')} />
        <div className="flex items-center justify-between gap-4 rounded-xl bg-slate-50 px-4 py-3">
          <div>
            <p className="text-sm font-medium text-slate-700">{t('posting:request.total')}</p>
            <p className="text-xs text-slate-500">{t('posting:request.total_hint')}</p>
          </div>
          <p className="shrink-0 text-base font-bold whitespace-nowrap text-brand-700 tabular-nums" aria-live="polite" data-testid="request-total">
            {total === null ? '—' : formatRupiah(total)}
          </p>
        </div>
      </Section>

      <Section title={t('posting:request.section_delivery')} icon="mapPin">
        <Field id={idOf('buy_from_country_id')} label={t('posting:request.from')} error={errors.buy_from_country_id}>
          <CountryPicker
            id={idOf('buy_from_country_id')}
            value={country}
            onChange={(c) => {
              setCountry(c);
              form.clear('buy_from_country_id');
            }}
            invalid={!!errors.buy_from_country_id}
            describedBy={describedBy(idOf('buy_from_country_id'), errors.buy_from_country_id)}
            disabled={form.busy}
          />
        </Field>
        <div>
          <p className="mb-1.5 text-sm font-medium text-slate-700">{t('posting:request.address')}</p>
          <ChoiceCard
            id={idOf('address_id')}
            icon="home"
            chosen={!!address}
            emptyTitle={t('posting:address.none')}
            emptyHint={t('posting:address.none_hint')}
            chooseLabel={t('posting:address.choose')}
            changeLabel={t('posting:address.change')}
            error={errors.address_id}
            disabled={form.busy}
            onChoose={() => openPopup('select-address')}
          >
            {address && lines && (
              <div data-testid="chosen-address" className="text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">{address.label}</span>
                  <span className="font-semibold text-slate-900">{address.name}</span>
                  <span className="text-slate-500">{address.phone_number}</span>
                </p>
                <p className="mt-1 break-words text-slate-700">{lines.detail}</p>
                {lines.area && <p className="text-slate-500">{lines.area}</p>}
              </div>
            )}
          </ChoiceCard>
        </div>
      </Section>

      <FormActions
        busy={form.busy}
        ready={form.hydrated}
        submitLabel={t(request ? 'posting:form.save' : 'posting:request.submit')}
        busyLabel={t(request ? 'posting:form.saving' : 'posting:request.submitting')}
        cancelHref="/dashboard/product?tab=requests"
        cancelLabel={t('posting:form.cancel')}
        deleteLabel={t('posting:form.delete')}
        onDelete={request ? () => confirmDelete({ kind: 'request', id: request.id, name: request.name, redirect: '/dashboard/product?tab=requests' }) : undefined}
      />
    </form>
  );
}
