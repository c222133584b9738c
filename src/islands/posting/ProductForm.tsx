import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { productSchema } from '../../lib/schemas/catalogue.ts';
import { $popupState, openPopup, setPopupState, type PopupTrip } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import type { ProductView } from '../../server/domain/catalogue/product-view.ts';
import { FormAlert } from '../auth/fields.tsx';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { confirmDelete } from './delete-target.ts';
import { FormActions } from './FormActions.tsx';
import { ChoiceCard, MoneyField, primaryButton, Section, TextAreaField, TextInputField, wholeNumber, WholeNumberField } from './FormParts.tsx';
import { PIcon } from './icons.tsx';
import { PhotoUploader } from './PhotoUploader.tsx';
import { tripSummary } from './places.ts';
import type { ProductDraft, RequestSource } from './types.ts';
import { usePhotos } from './use-photos.ts';
import { usePostForm } from './use-post-form.ts';

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

const FIELDS = ['name', 'description', 'images', 'price', 'weight', 'stock', 'trip_id'] as const;
const NAME_MAX = 120;
const DESCRIPTION_MAX = 5000;

/** Post or edit a pre-order: POST /v1/users/products or PUT /v1/users/products/{id}. */
function ProductForm({ product, fromRequest }: Omit<Props, 'boot'>) {
  const t = useT();
  const { user, locale } = useSession();
  const form = usePostForm(FIELDS, 'product');
  const { errors, idOf } = form;
  const [name, setName] = useState(product?.name ?? fromRequest?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? fromRequest?.description ?? '');
  const [price, setPrice] = useState<number | null>(product?.price ?? fromRequest?.price_eta ?? null);
  const [weight, setWeight] = useState(product ? String(product.weight) : '');
  const [stock, setStock] = useState(product ? String(product.stock) : '');
  const [trip, setTrip] = useState<PopupTrip | null>(product?.trip ?? null);
  const photos = usePhotos(product ? product.images.map((ref) => ({ ref })) : (fromRequest?.photos ?? []).map((ref) => ({ ref, copy: !fromRequest?.ownPhotos })));

  // The select-trip popup writes `selectedTrip`; start it from this product's trip (or none).
  useEffect(() => {
    setPopupState({ selectedTrip: product?.trip ?? null });
    return $popupState.listen((state) => setTrip(state.selectedTrip ?? null));
  }, [product]);
  useEffect(() => {
    if (trip) form.clear('trip_id');
  }, [trip]);

  // Selling needs a verified phone (the API answers 403 otherwise): offer the verification first.
  if (!product && user && !user.phone_verified) return <VerifyPhoneNotice />;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = form.validate(productSchema, {
      name,
      description,
      price: price ?? undefined,
      weight: wholeNumber(weight),
      stock: wholeNumber(stock),
      trip_id: trip?.id,
      images: photos.filenames,
      request_id: fromRequest?.id,
    });
    if (!data) return;
    if (photos.pending || photos.failed) {
      form.setNotice(t(photos.pending ? 'posting:form.photos_pending' : 'posting:form.photos_failed'));
      form.focusField('images');
      return;
    }
    void form.run(
      async () => {
        const res = product
          ? await api<ProductView>('PUT', `/users/products/${product.id}`, { body: data })
          : await api<ProductView>('POST', '/users/products', { body: data });
        window.location.assign(`/products/marketplace/${res.data.slug}`);
        return 'navigating';
      },
      (err: ApiError) => {
        if (err.status !== 409) return false;
        openPopup('disable-edit-product');
        return true;
      },
    );
  }

  const summary = trip ? tripSummary(trip, locale) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t(product ? 'posting:product.edit_title' : 'posting:product.title')}>
      {form.notice && <FormAlert kind="error">{form.notice}</FormAlert>}

      <Section title={t('posting:product.section_item')} icon="tag">
        <TextInputField {...form.bind('name', setName)} value={name} maxChars={NAME_MAX} label={t('posting:product.name')} placeholder={t('posting:product.name_placeholder')} />
        <TextAreaField
          {...form.bind('description', setDescription)}
          value={description}
          maxChars={DESCRIPTION_MAX}
          label={t('posting:product.description')}
          placeholder={t('posting:product.description_placeholder')}
        />
        <PhotoUploader id={idOf('images')} photos={photos} error={errors.images} disabled={form.busy} />
      </Section>

      <Section title={t('posting:product.section_price')} icon="wallet">
        <MoneyField {...form.bind('price', setPrice)} value={price} label={t('posting:product.price')} hint={t('posting:product.price_hint')} />
        <div className="grid grid-cols-2 gap-x-3 gap-y-5 sm:gap-x-5">
          <WholeNumberField
            {...form.bind('weight', setWeight)}
            value={weight}
            label={t('posting:product.weight')}
            hint={t('posting:product.weight_hint')}
            placeholder="250"
            suffix={t('posting:form.grams')}
          />
          <WholeNumberField {...form.bind('stock', setStock)} value={stock} label={t('posting:product.stock')} hint={t('posting:product.stock_hint')} placeholder="1" />
        </div>
      </Section>

      <Section title={t('posting:product.section_trip')} icon="plane">
        <ChoiceCard
          id={idOf('trip_id')}
          icon="plane"
          chosen={!!trip}
          emptyTitle={t('posting:trip.none')}
          emptyHint={t('posting:trip.none_hint')}
          chooseLabel={t('posting:trip.choose')}
          changeLabel={t('posting:trip.change')}
          error={errors.trip_id}
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
      </Section>

      <FormActions
        busy={form.busy}
        ready={form.hydrated}
        submitLabel={t(product ? 'posting:form.save' : 'posting:product.submit')}
        busyLabel={t(product ? 'posting:form.saving' : 'posting:product.submitting')}
        cancelHref="/dashboard/product"
        cancelLabel={t('posting:form.cancel')}
        deleteLabel={t('posting:form.delete')}
        onDelete={product ? () => confirmDelete({ kind: 'product', id: product.id, name: product.name, redirect: '/dashboard/product' }) : undefined}
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
          <button type="button" onClick={() => openPopup('verification')} className={`${primaryButton} mt-5`}>
            <PIcon name="shield" className="size-5" />
            {t('posting:verify.button')}
          </button>
        </div>
      </div>
    </section>
  );
}
