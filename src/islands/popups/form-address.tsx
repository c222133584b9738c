import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { addressSchema, INDONESIA_ID } from '../../lib/schemas/places.ts';
import { $popupState, popupNext, type PopupAddress, type PopupProps } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { loadCities, loadCountries, loadPosCodes, loadProvinces, loadSubDistricts } from '../settings/lookups.ts';
import { addressSaved } from '../settings/store.ts';
import type { AddressView } from '../../lib/views/index.ts';
import { FormNotice } from '../ui/Alert.tsx';
import { DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { TextArea, TextField } from '../ui/Field.tsx';
import { redirectToLogin } from '../ui/flash.ts';
import { SearchSelect, type SearchOption } from '../ui/Select.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';
import { followNext } from './follow-next.ts';

/** An address as popups pass it, possibly with the list's extra objects (sub_district, pos_code). */
type EditedAddress = PopupAddress & Partial<Pick<AddressView, 'sub_district' | 'pos_code'>>;

function initialPosCode(a: EditedAddress | null): string {
  if (!a) return '';
  if (a.pos_code?.code) return a.pos_code.code;
  return typeof a.pos_code_id === 'object' && a.pos_code_id ? a.pos_code_id.code : '';
}

/** The loaded list's own entry for a choice known only by id (an address being edited). */
const named = (cur: SearchOption | null, rows: SearchOption[]) => (cur ? (rows.find((r) => r.id === cur.id) ?? cur) : cur);

/** A choice of the edited address (its id, and its name when the address carries it). */
const ref = (id: number | null | undefined, known?: { id: number; name: string } | null): SearchOption | null => (id ? { id, name: known?.name ?? '' } : null);

/** Countries with their flags (Indonesia first, as the API lists them). */
const loadCountryOptions = async (): Promise<SearchOption[]> => (await loadCountries()).map((c) => ({ id: c.id, name: c.name, image: c.flag_image }));

/** A lookup without a parent (the countries) loads once. */
const ALWAYS = -1;

/**
 * The rows of a lookup that hangs on an earlier choice (`parentId`): null while there is no
 * parent or the rows are on their way. A newer parent makes an older answer irrelevant.
 */
function useLookup<R>(parentId: number | undefined, load: (parentId: number) => Promise<R[]>, onLoaded?: (rows: R[]) => void): R[] | null {
  const [rows, setRows] = useState<R[] | null>(null);
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;
  useEffect(() => {
    setRows(null);
    if (!parentId) return;
    let live = true;
    load(parentId)
      .then((found) => {
        if (!live) return;
        setRows(found);
        loaded.current?.(found);
      })
      .catch((err: Error) => toast.error(err.message));
    return () => {
      live = false;
    };
  }, [parentId]);
  return rows;
}

/** The chain of Indonesian areas, in order: choosing one clears those after it (SPEC §4). */
const CHAIN = ['country', 'province', 'city', 'sub_district', 'pos_code'] as const;
type ChainStep = (typeof CHAIN)[number];

/**
 * Add or edit an address (mode 'create' | 'edit'; the edited one is `$popupState.address`).
 * Indonesia (228) chains province → city → sub-district → postal code; each change clears the
 * later ones (SPEC §4). Checked with the API's own schema before it is sent. After a new address
 * is saved, the popup goes where its opener asked (`next`), e.g. back to choosing an address.
 */
export default function FormAddressPopup({ close }: PopupProps) {
  const t = useT();
  const [{ editing, next }] = useState(() => {
    const s = $popupState.get();
    return { editing: s.mode === 'edit' && s.address ? (s.address as EditedAddress) : null, next: popupNext() };
  });

  const form = useZodForm({
    schema: addressSchema,
    defaultValues: {
      name: editing?.name ?? '',
      phone_number: editing?.phone_number ?? '',
      label: editing?.label ?? '',
      // A new address starts in Indonesia, where nearly every buyer lives.
      country: editing ? ref(editing.country_id, editing.country) : { id: INDONESIA_ID, name: 'Indonesia' },
      province: ref(editing?.province_id, editing?.province),
      city: ref(editing?.city_id, editing?.city),
      sub_district: ref(editing?.sub_district_id, editing?.sub_district),
      pos_code: initialPosCode(editing),
      detail: editing?.detail ?? '',
    },
    toInput: ({ country, province, city, sub_district, pos_code, ...text }) => ({
      ...text,
      country_id: country?.id,
      ...(country?.id === INDONESIA_ID ? { province_id: province?.id, city_id: city?.id, sub_district_id: sub_district?.id, pos_code } : {}),
    }),
    fieldOf: { country_id: 'country', province_id: 'province', city_id: 'city', sub_district_id: 'sub_district', pos_code_id: 'pos_code' },
  });
  const [country, province, city, subDistrict, posCode] = form.watch(['country', 'province', 'city', 'sub_district', 'pos_code']);
  const indonesia = country?.id === INDONESIA_ID;

  /** Sets one step of the chain; a different choice clears every later step. */
  function choose(step: Exclude<ChainStep, 'pos_code'>, value: SearchOption | null) {
    const current = form.getValues(step);
    if (value?.id !== current?.id) {
      for (const later of CHAIN.slice(CHAIN.indexOf(step) + 1)) {
        if (later === 'pos_code') form.setValue(later, '');
        else form.setValue(later, null);
      }
    }
    form.field(step).onValue(value);
  }
  /** Names a choice known only by id once its list has loaded. */
  const name = (step: Exclude<ChainStep, 'pos_code'>) => (rows: SearchOption[]) => {
    const current = form.getValues(step);
    if (current) form.setValue(step, named(current, rows));
  };

  // Each list loads when the step before it is chosen, and names the choice it already holds.
  const countries = useLookup(ALWAYS, loadCountryOptions, name('country'));
  const provinces = useLookup(indonesia ? INDONESIA_ID : undefined, loadProvinces, name('province'));
  const cities = useLookup(indonesia ? province?.id : undefined, loadCities, name('city'));
  const subDistricts = useLookup(indonesia ? city?.id : undefined, loadSubDistricts, name('sub_district'));
  const posCodes = useLookup(indonesia ? subDistrict?.id : undefined, loadPosCodes) ?? [];

  const labelField = form.field('label');
  const posCodeField = form.field('pos_code');

  const onSubmit = form.submit(async (data) => {
    // SPEC §5: saving an address when not logged in goes to the login page first.
    if (!$user.get()) return redirectToLogin();
    const res = editing ? await api<AddressView>('PUT', `/addresses/${editing.id}`, { body: data }) : await api<AddressView>('POST', '/addresses', { body: data });
    addressSaved(res.data);
    return followNext(editing ? null : next, res.message, close);
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={editing ? t('settings:address_form.edit_title') : t('settings:address_form.create_title')}>
      <DialogHeader title={editing ? t('settings:address_form.edit_title') : t('settings:address_form.create_title')} description={t('settings:address_form.description')} />
      <DialogBody className="max-h-[calc(100dvh-15rem)] space-y-4 overflow-y-auto pt-1 pb-4 sm:max-h-[calc(100dvh-12rem)]">
        <FormNotice notice={form.notice} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...form.text('name')}
            label={t('settings:address_form.receiver')}
            placeholder={t('settings:address_form.receiver_placeholder')}
            autoComplete="name"
            maxLength={100}
            data-autofocus
          />
          <TextField
            {...form.text('phone_number')}
            label={t('settings:address_form.phone')}
            placeholder={t('settings:address_form.phone_placeholder')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={24}
          />
        </div>
        <div>
          <TextField {...labelField} label={t('settings:address_form.label')} placeholder={t('settings:address_form.label_placeholder')} maxLength={50} />
          <div role="group" aria-label={t('settings:address_form.label_suggestions')} className="mt-2 flex gap-2">
            {[t('settings:address_form.label_home'), t('settings:address_form.label_office')].map((l) => (
              <button
                key={l}
                type="button"
                onClick={() => labelField.onValue(l)}
                aria-pressed={labelField.value === l}
                className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-pressed:border-brand-400 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
              >
                {l}
              </button>
            ))}
          </div>
        </div>
        <SearchSelect<SearchOption>
          {...form.field('country')}
          onValue={(c) => choose('country', c)}
          label={t('settings:address_form.country')}
          placeholder={t('settings:address_form.country_placeholder')}
          options={countries ?? []}
          loading={!countries}
        />
        {indonesia && (
          <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-3.5 sm:grid-cols-2">
            <legend className="sr-only">{country.name}</legend>
            <SearchSelect<SearchOption>
              {...form.field('province')}
              onValue={(p) => choose('province', p)}
              label={t('settings:address_form.province')}
              placeholder={t('settings:address_form.province_placeholder')}
              options={provinces ?? []}
              loading={!provinces}
            />
            <SearchSelect<SearchOption>
              {...form.field('city')}
              onValue={(c) => choose('city', c)}
              label={t('settings:address_form.city')}
              placeholder={t('settings:address_form.city_placeholder')}
              options={cities ?? []}
              loading={Boolean(province) && !cities}
              disabled={!province}
              hint={province ? undefined : t('settings:address_form.city_first')}
            />
            <SearchSelect<SearchOption>
              {...form.field('sub_district')}
              onValue={(s) => choose('sub_district', s)}
              label={t('settings:address_form.sub_district')}
              placeholder={t('settings:address_form.sub_district_placeholder')}
              options={subDistricts ?? []}
              loading={Boolean(city) && !subDistricts}
              disabled={!city}
              hint={city ? undefined : t('settings:address_form.sub_district_first')}
            />
            <div>
              <TextField
                {...posCodeField}
                onValue={(v) => posCodeField.onValue(v.replace(/\D/g, '').slice(0, 5))}
                label={t('settings:address_form.pos_code')}
                placeholder={t('settings:address_form.pos_code_placeholder')}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                disabled={!subDistrict}
                hint={subDistrict ? undefined : t('settings:address_form.pos_code_first')}
              />
              {subDistrict && posCodes.length > 0 && (
                <div role="group" aria-label={t('settings:address_form.pos_code_suggestions')} className="mt-2 flex flex-wrap items-center gap-1.5">
                  <span className="text-xs text-slate-500">{t('settings:address_form.pos_code_suggestions')}:</span>
                  {posCodes.slice(0, 8).map((p) => (
                    <button
                      key={p.id}
                      type="button"
                      onClick={() => posCodeField.onValue(p.code)}
                      aria-pressed={posCode === p.code}
                      className="rounded-full border border-slate-300 bg-white px-2.5 py-0.5 font-mono text-xs text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-pressed:border-brand-400 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
                    >
                      {p.code}
                    </button>
                  ))}
                </div>
              )}
            </div>
          </fieldset>
        )}
        <TextArea
          {...form.text('detail')}
          label={t('settings:address_form.detail')}
          placeholder={t('settings:address_form.detail_placeholder')}
          autoComplete="street-address"
          maxLength={500}
          rows={3}
        />
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('settings:address_form.save')} />
    </form>
  );
}
