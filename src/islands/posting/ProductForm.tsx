import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { productSchema } from '../../lib/schemas/catalogue.ts';
import { $popupState, openPopup, setPopupState, type PopupTrip } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import type { ProductView } from '../../lib/views/index.ts';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { Alert, FormNotice } from '../ui/Alert.tsx';
import { INDONESIA_ID } from '../../lib/schemas/places.ts';
import { Button } from '../ui/Button.tsx';
import { ChoiceCard } from '../ui/ChoiceCard.tsx';
import { CharCount, TextArea, TextField, WholeNumberField } from '../ui/Field.tsx';
import { MoneyField } from '../ui/MoneyInput.tsx';
import { Section } from '../ui/Section.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';
import { wholeNumber } from '../ui/whole-number.ts';
import { DEFAULT_MAX_PER_ORDER } from '../../lib/orders/vocabulary.ts';
import { confirmDelete } from './delete-target.ts';
import { FormActions } from './FormActions.tsx';
import { PIcon } from './icons.tsx';
import { PhotoUploader } from './PhotoUploader.tsx';
import { tripSummary } from './places.ts';
import type { ProductDraft, RequestSource } from './types.ts';
import { usePhotos } from './use-photos.ts';

interface Props {
  boot: Boot;
  /** Edit mode: the product as it is now. */
  product?: ProductDraft;
  /** `/post/pre-order?request=`: the request whose details pre-fill the form. */
  fromRequest?: RequestSource;
}

export default function ProductFormIsland(props: Props) {
  return (
    <IslandRoot boot={props.boot}>
      <ProductForm product={props.product} fromRequest={props.fromRequest} />
    </IslandRoot>
  );
}

const NAME_MAX = 120;
const DESCRIPTION_MAX = 5000;

/** Post or edit a pre-order: POST /v1/users/products or PUT /v1/users/products/{id}. */
function ProductForm({ product, fromRequest }: Omit<Props, 'boot'>) {
  const t = useT();
  const { user, locale } = useSession();
  const photos = usePhotos(product ? product.images.map((ref) => ({ ref })) : (fromRequest?.photos ?? []).map((ref) => ({ ref, copy: !fromRequest?.ownPhotos })));
  const form = useZodForm({
    schema: productSchema,
    defaultValues: {
      name: product?.name ?? fromRequest?.name ?? '',
      description: product?.description ?? fromRequest?.description ?? '',
      price: product?.price ?? fromRequest?.price_eta ?? (null as number | null),
      weight: product ? String(product.weight) : '',
      stock: product ? String(product.stock) : '',
      max_per_order: product && product.max_per_order !== DEFAULT_MAX_PER_ORDER ? String(product.max_per_order) : '',
      trip: product?.trip ?? (null as PopupTrip | null),
    },
    toInput: ({ price, weight, stock, max_per_order, trip, ...text }) => ({
      ...text,
      price: price ?? undefined,
      weight: wholeNumber(weight),
      stock: wholeNumber(stock),
      max_per_order: max_per_order.trim() ? wholeNumber(max_per_order) : undefined,
      trip_id: trip?.id,
      images: photos.filenames,
      request_id: fromRequest?.id,
    }),
    fieldOf: { trip_id: 'trip' },
    invalidNotice: 'ui.check_fields',
  });
  const trip = form.field('trip');

  // The select-trip popup writes `selectedTrip`; start it from this product's trip (or none).
  useEffect(() => {
    setPopupState({ selectedTrip: product?.trip ?? null });
    return $popupState.listen((state) => form.field('trip').onValue(state.selectedTrip ?? null));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product]);

  // Selling needs a verified phone (the API answers 403 otherwise): offer the verification first.
  if (!product && user && !user.phone_verified) return <VerifyPhoneNotice />;

  const onSubmit = form.submit(
    async (data) => {
      if (photos.pending || photos.failed) {
        form.setNotice({ kind: 'error', text: t(photos.pending ? 'posting:form.photos_pending' : 'posting:form.photos_failed') });
        form.focus('images');
        return;
      }
      const res = product
        ? await api<ProductView>('PUT', `/users/products/${product.id}`, { body: data })
        : await api<ProductView>('POST', '/users/products', { body: data });
      window.location.assign(`/products/marketplace/${res.data.slug}`);
      return 'navigating';
    },
    {
      // Active orders lock the product: the popup says why.
      onError: (err) => {
        if (err.code !== 'BLOCKED') return false;
        openPopup('disable-edit-product');
        return true;
      },
    },
  );

  const summary = trip.value ? tripSummary(trip.value, locale) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t(product ? 'posting:product.edit_title' : 'posting:product.title')}>
      <FormNotice notice={form.notice} />

      <Section title={t('posting:product.section_item')} icon={<PIcon name="tag" className="size-[18px]" />}>
        <TextField
          {...form.text('name')}
          label={t('posting:product.name')}
          aside={<CharCount value={form.watch('name')} max={NAME_MAX} />}
          maxLength={NAME_MAX + 20}
          autoComplete="off"
          placeholder={t('posting:product.name_placeholder')}
        />
        <TextArea
          {...form.text('description')}
          label={t('posting:product.description')}
          aside={<CharCount value={form.watch('description')} max={DESCRIPTION_MAX} />}
          rows={5}
          className="min-h-32"
          placeholder={t('posting:product.description_placeholder')}
        />
        <PhotoUploader ref={form.focusRef('images')} id="product-images" photos={photos} error={form.errorOf('images')} disabled={form.busy} />
      </Section>

      <Section title={t('posting:product.section_price')} icon={<PIcon name="wallet" className="size-[18px]" />}>
        <MoneyField {...form.field('price')} label={t('posting:product.price')} hint={t('posting:product.price_hint')} />
        <div className="grid grid-cols-2 gap-x-3 gap-y-5 sm:gap-x-5">
          <WholeNumberField
            {...form.field('weight')}
            label={t('posting:product.weight')}
            hint={t('posting:product.weight_hint')}
            placeholder="250"
            suffix={t('posting:form.grams')}
          />
          <WholeNumberField
            {...form.field('stock')}
            label={t('posting:product.stock')}
            hint={t('posting:product.stock_hint')}
            placeholder="1"
          />
          <WholeNumberField
            {...form.field('max_per_order')}
            label={t('posting:product.max_per_order')}
            hint={t('posting:product.max_per_order_hint', { max: DEFAULT_MAX_PER_ORDER })}
            placeholder={String(DEFAULT_MAX_PER_ORDER)}
          />
        </div>
      </Section>

      <Section title={t('posting:product.section_trip')} icon={<PIcon name="plane" className="size-[18px]" />}>
        <ChoiceCard
          ref={trip.ref}
          name="trip"
          icon={<PIcon name="plane" />}
          chosen={Boolean(trip.value)}
          emptyTitle={t('posting:trip.none')}
          emptyHint={t('posting:trip.none_hint')}
          chooseLabel={t('posting:trip.choose')}
          changeLabel={t('posting:trip.change')}
          error={trip.error}
          disabled={form.busy}
          onChoose={() => openPopup('select-trip')}
        >
          {summary && (
            <div data-testid="chosen-trip">
              <p className="text-sm font-semibold break-words text-slate-900">{t('posting:trip.route', { from: summary.from, to: summary.to })}</p>
              <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-600">
                <span>{t('posting:trip.arrives', { date: summary.arrival })}</span>
                <span>{t('posting:trip.delivers', { date: summary.delivery })}</span>
              </p>
            </div>
          )}
        </ChoiceCard>
        {trip.value && trip.value.destination_country.id !== INDONESIA_ID && (
          <Alert kind="warning">
            <span data-testid="trip-not-indonesia">{t('posting:trip.not_indonesia', { country: trip.value.destination_country.name })}</span>
          </Alert>
        )}
      </Section>

      <FormActions
        busy={form.busy}
        ready={form.hydrated}
        submitLabel={t(product ? 'posting:form.save' : 'posting:product.submit')}
        busyLabel={t(product ? 'posting:form.saving' : 'posting:product.submitting')}
        cancelHref="/dashboard/product"
        cancelLabel={t('posting:form.cancel')}
        deleteLabel={t('posting:form.delete')}
        onDelete={product ? () => confirmDelete({ kind: 'product', id: product.id, name: product.name }, '/dashboard/product') : undefined}
      />
    </form>
  );
}

/** Shown instead of the form until the traveller's phone is verified (SPEC §6). */
function VerifyPhoneNotice() {
  const t = useT();
  return (
    <section aria-labelledby="verify-title" className="rounded-2xl border border-amber-200 bg-amber-50/60 p-6 sm:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-white text-amber-600 ring-1 ring-amber-200">
          <PIcon name="phone" className="size-6" />
        </span>
        <div className="flex-1">
          <h2 id="verify-title" className="text-lg font-semibold text-slate-900">
            {t('posting:verify.title')}
          </h2>
          <p className="mt-1.5 max-w-xl text-sm leading-6 text-slate-600">{t('posting:verify.text')}</p>
          <Button size="lg" onClick={() => openPopup('verification')} icon={<PIcon name="shield" className="size-5" />} className="mt-5">
            {t('posting:verify.button')}
          </Button>
        </div>
      </div>
    </section>
  );
}
