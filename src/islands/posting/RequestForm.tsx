import { useEffect, useMemo } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { requestSchema } from '../../lib/schemas/catalogue.ts';
import { $popupState, openPopup, setPopupState, type PopupAddress } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import type { RequestView } from '../../lib/views/index.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { useCountries } from '../settings/lookups.ts';
import { FormNotice } from '../ui/Alert.tsx';
import { ChoiceCard } from '../ui/ChoiceCard.tsx';
import { CharCount, TextArea, TextField, WholeNumberField } from '../ui/Field.tsx';
import { MoneyField } from '../ui/MoneyInput.tsx';
import { Section } from '../ui/Section.tsx';
import { SearchSelect, type SearchOption } from '../ui/Select.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';
import { wholeNumber } from '../ui/whole-number.ts';
import { confirmDelete } from './delete-target.ts';
import { FormActions } from './FormActions.tsx';
import { PIcon } from './icons.tsx';
import { PhotoUploader } from './PhotoUploader.tsx';
import { addressLines } from './places.ts';
import type { RequestDraft } from './types.ts';
import { usePhotos } from './use-photos.ts';
import { formatPhone } from '../../lib/phone-format.ts';

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

const NAME_MAX = 120;
const DESCRIPTION_MAX = 5000;

/** SPEC §9: the full country list in forms, searched in the browser; each with its flag. */
function useCountryOptions(): SearchOption[] | null {
  const countries = useCountries();
  return useMemo(() => countries?.map((c) => ({ id: c.id, name: c.name, image: c.flag_image })) ?? null, [countries]);
}

/** Post or edit a buyer request: POST /v1/users/requests or PUT /v1/users/requests/{id}. */
function RequestForm({ request }: { request?: RequestDraft }) {
  const t = useT();
  const photos = usePhotos((request?.images ?? []).map((ref) => ({ ref })));
  const countries = useCountryOptions();
  const form = useZodForm({
    schema: requestSchema,
    defaultValues: {
      name: request?.name ?? '',
      description: request?.description ?? '',
      price_eta: request?.price_eta ?? (null as number | null),
      quantity: request ? String(request.quantity) : '1',
      traveler_tip: request?.traveler_tip ?? (null as number | null),
      country: request?.country ? ({ id: request.country.id, name: request.country.name, image: request.country.flag_image } as SearchOption | null) : null,
      address: request?.address ?? (null as PopupAddress | null),
    },
    toInput: ({ price_eta, quantity, traveler_tip, country, address, ...text }) => ({
      ...text,
      price_eta: price_eta ?? undefined,
      quantity: wholeNumber(quantity),
      traveler_tip: traveler_tip ?? undefined,
      buy_from_country_id: country?.id,
      address_id: address?.id,
      images: photos.filenames,
    }),
    fieldOf: { buy_from_country_id: 'country', address_id: 'address' },
    invalidNotice: 'ui.check_fields',
  });
  const quantity = form.field('quantity');
  const address = form.field('address');

  // The select-address popup writes `address`; start it from this request's address (or none).
  useEffect(() => {
    setPopupState({ address: request?.address ?? null });
    return $popupState.listen((state) => form.field('address').onValue(state.address ?? null));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const onSubmit = form.submit(async (data) => {
    if (photos.pending || photos.failed) {
      form.setNotice({ kind: 'error', text: t(photos.pending ? 'posting:form.photos_pending' : 'posting:form.photos_failed') });
      form.focus('images');
      return;
    }
    const res = request
      ? await api<RequestView>('PUT', `/users/requests/${request.id}`, { body: data })
      : await api<RequestView>('POST', '/users/requests', { body: data });
    window.location.assign(`/products/request/${res.data.slug}`);
    return 'navigating';
  });

  const [priceEta, tip] = form.watch(['price_eta', 'traveler_tip']);
  const qty = Number(quantity.value) || 0;
  const total = priceEta !== null && qty > 0 ? priceEta * qty + (tip ?? 0) : null;
  const lines = address.value ? addressLines(address.value) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t(request ? 'posting:request.edit_title' : 'posting:request.title')}>
      <FormNotice notice={form.notice} />

      <Section title={t('posting:request.section_item')} icon={<PIcon name="bag" className="size-[18px]" />}>
        <TextField
          {...form.text('name')}
          label={t('posting:request.name')}
          aside={<CharCount value={form.watch('name')} max={NAME_MAX} />}
          maxLength={NAME_MAX + 20}
          autoComplete="off"
          placeholder={t('posting:request.name_placeholder')}
        />
        <TextArea
          {...form.text('description')}
          label={t('posting:request.description')}
          aside={<CharCount value={form.watch('description')} max={DESCRIPTION_MAX} />}
          rows={5}
          className="min-h-32"
          placeholder={t('posting:request.description_placeholder')}
        />
        <PhotoUploader ref={form.focusRef('images')} id="request-images" photos={photos} error={form.errorOf('images')} disabled={form.busy} />
      </Section>

      <Section title={t('posting:request.section_price')} icon={<PIcon name="wallet" className="size-[18px]" />}>
        <div className="grid gap-5 sm:grid-cols-[1fr_9rem]">
          <MoneyField {...form.field('price_eta')} label={t('posting:request.price_eta')} hint={t('posting:request.price_eta_hint')} />
          <WholeNumberField {...quantity} label={t('posting:request.quantity')} />
        </div>
        <MoneyField {...form.field('traveler_tip')} label={t('posting:request.tip')} hint={t('posting:request.tip_hint')} />
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

      <Section title={t('posting:request.section_delivery')} icon={<PIcon name="mapPin" className="size-[18px]" />}>
        <SearchSelect
          {...form.field('country')}
          label={t('posting:request.from')}
          placeholder={t('posting:request.from_placeholder')}
          options={countries ?? []}
          loading={!countries}
          disabled={form.busy}
        />
        <div>
          <p className="mb-1.5 text-sm font-medium text-slate-700">{t('posting:request.address')}</p>
          <ChoiceCard
            ref={address.ref}
            name="address"
            icon={<PIcon name="home" />}
            chosen={Boolean(address.value)}
            emptyTitle={t('posting:address.none')}
            emptyHint={t('posting:address.none_hint')}
            chooseLabel={t('posting:address.choose')}
            changeLabel={t('posting:address.change')}
            error={address.error}
            disabled={form.busy}
            onChoose={() => openPopup('select-address')}
          >
            {address.value && lines && (
              <div data-testid="chosen-address" className="text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">{address.value.label}</span>
                  <span className="font-semibold text-slate-900">{address.value.name}</span>
                  <span className="text-slate-500">{formatPhone(address.value.phone_number)}</span>
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
        onDelete={request ? () => confirmDelete({ kind: 'request', id: request.id, name: request.name }, '/dashboard/product?tab=requests') : undefined}
      />
    </form>
  );
}
