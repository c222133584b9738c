import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { addressSchema, INDONESIA_ID } from '../../lib/schemas/places.ts';
import { $popupState, queuePopup, type PopupAddress } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { FormAlert, TextField } from '../auth/fields.tsx';
import { FormActions, redirectToLogin, SearchSelect, TextAreaField, type SearchOption } from '../settings/controls.tsx';
import { loadCities, loadCountries, loadPosCodes, loadProvinces, loadSubDistricts } from '../settings/lookups.ts';
import { addressSaved } from '../settings/store.ts';
import type { Address } from '../settings/types.ts';
import { useSchemaForm } from '../settings/use-schema-form.ts';
import { PopupBody, PopupHeader, type PopupProps } from './PopupParts.tsx';

/** Screen order: the first field with a problem gets the focus. */
const FIELDS = ['name', 'phone_number', 'label', 'country_id', 'province_id', 'city_id', 'sub_district_id', 'pos_code', 'detail'] as const;

/** Pages whose flow continues with choosing the new address (SPEC §2). */
const CHOOSE_AFTER_CREATE = ['/post/pre-order', '/post/make-request'];

/** An address as popups pass it, possibly with the list's extra objects (sub_district, pos_code). */
type EditedAddress = PopupAddress & Partial<Pick<Address, 'sub_district' | 'pos_code'>>;

function initialPosCode(a: EditedAddress | null): string {
  if (!a) return '';
  if (a.pos_code?.code) return a.pos_code.code;
  return typeof a.pos_code_id === 'object' && a.pos_code_id ? a.pos_code_id.code : '';
}

/** The loaded list's own entry for a choice known only by id (an address being edited). */
const named = (cur: SearchOption | null, rows: SearchOption[]) => (cur ? (rows.find((r) => r.id === cur.id) ?? cur) : cur);

/** A choice of the edited address (its id, and its name when the address carries it). */
const ref = (id: number | null | undefined, known?: { id: number; name: string } | null): SearchOption | null => (id ? { id, name: known?.name ?? '' } : null);

/** Countries with their flags; most addresses are in Indonesia, so it heads the list. */
const loadCountryOptions = async (): Promise<SearchOption[]> =>
  (await loadCountries())
    .map((c) => ({ id: c.id, name: c.name, image: c.flag_image }))
    .sort((a, b) => Number(b.id === INDONESIA_ID) - Number(a.id === INDONESIA_ID));

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

/**
 * Add or edit an address (mode 'create' | 'edit'; the edited one is `$popupState.address`).
 * Indonesia (228) chains province → city → sub-district → postal code; each change clears the
 * later ones (SPEC §4). Checked with the API's own schema before it is sent.
 */
export default function FormAddressPopup({ close }: PopupProps) {
  const t = useT();
  const [{ editing }] = useState(() => {
    const s = $popupState.get();
    return { editing: s.mode === 'edit' && s.address ? (s.address as EditedAddress) : null };
  });

  const [text, setText] = useState({
    name: editing?.name ?? '',
    phone_number: editing?.phone_number ?? '',
    label: editing?.label ?? '',
    detail: editing?.detail ?? '',
  });
  const [country, setCountry] = useState<SearchOption | null>(ref(editing?.country_id, editing?.country));
  const [province, setProvince] = useState<SearchOption | null>(ref(editing?.province_id, editing?.province));
  const [city, setCity] = useState<SearchOption | null>(ref(editing?.city_id, editing?.city));
  const [subDistrict, setSubDistrict] = useState<SearchOption | null>(ref(editing?.sub_district_id, editing?.sub_district));
  const [posCode, setPosCode] = useState(initialPosCode(editing));

  const form = useSchemaForm(FIELDS, addressSchema);
  const { errors, clear, bind } = form;
  const indonesia = country?.id === INDONESIA_ID;

  // Each list loads when the step before it is chosen, and names the choice it already holds.
  const countries = useLookup(ALWAYS, loadCountryOptions, (rows) => setCountry((cur) => named(cur, rows)));
  const provinces = useLookup(indonesia ? INDONESIA_ID : undefined, loadProvinces, (rows) => setProvince((cur) => named(cur, rows)));
  const cities = useLookup(indonesia ? province?.id : undefined, loadCities, (rows) => setCity((cur) => named(cur, rows)));
  const subDistricts = useLookup(indonesia ? city?.id : undefined, loadSubDistricts, (rows) => setSubDistrict((cur) => named(cur, rows)));
  const posCodes = useLookup(indonesia ? subDistrict?.id : undefined, loadPosCodes) ?? [];

  // SPEC §4: a change clears every later step of the chain.
  function chooseCountry(c: SearchOption | null) {
    if (c?.id !== country?.id) {
      setProvince(null);
      setCity(null);
      setSubDistrict(null);
      setPosCode('');
    }
    setCountry(c);
    clear('country_id', 'province_id', 'city_id', 'sub_district_id', 'pos_code');
  }
  function chooseProvince(p: SearchOption | null) {
    if (p?.id !== province?.id) {
      setCity(null);
      setSubDistrict(null);
      setPosCode('');
    }
    setProvince(p);
    clear('province_id');
  }
  function chooseCity(c: SearchOption | null) {
    if (c?.id !== city?.id) {
      setSubDistrict(null);
      setPosCode('');
    }
    setCity(c);
    clear('city_id');
  }
  function chooseSubDistrict(s: SearchOption | null) {
    if (s?.id !== subDistrict?.id) setPosCode('');
    setSubDistrict(s);
    clear('sub_district_id');
  }

  const setField = (name: keyof typeof text) => (value: string) => {
    setText((prev) => ({ ...prev, [name]: value }));
    clear(name);
  };

  function input() {
    return {
      ...text,
      country_id: country?.id,
      ...(indonesia ? { province_id: province?.id, city_id: city?.id, sub_district_id: subDistrict?.id, pos_code: posCode } : {}),
    };
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void form.submit(input(), async (data) => {
      // SPEC §5: saving an address when not logged in goes to the login page first.
      if (!$user.get()) return redirectToLogin();
      const res = editing ? await api<Address>('PUT', `/addresses/${editing.id}`, { body: data }) : await api<Address>('POST', '/addresses', { body: data });
      addressSaved(res.data);
      toast.success(res.message ?? '');
      if (!editing && CHOOSE_AFTER_CREATE.some((p) => window.location.pathname.startsWith(p))) queuePopup('select-address');
      close();
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label={editing ? t('settings:address_form.edit_title') : t('settings:address_form.create_title')}>
      <PopupHeader title={editing ? t('settings:address_form.edit_title') : t('settings:address_form.create_title')} description={t('settings:address_form.description')} />
      <PopupBody className="max-h-[calc(100dvh-15rem)] space-y-4 overflow-y-auto pt-1 pb-4 sm:max-h-[calc(100dvh-12rem)]">
        {form.notice && <FormAlert kind="error">{form.notice}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="name"
            label={t('settings:address_form.receiver')}
            placeholder={t('settings:address_form.receiver_placeholder')}
            autoComplete="name"
            maxLength={100}
            value={text.name}
            onValue={setField('name')}
            error={errors.name}
            inputRef={bind('name')}
            data-autofocus
          />
          <TextField
            name="phone_number"
            label={t('settings:address_form.phone')}
            placeholder={t('settings:address_form.phone_placeholder')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={24}
            value={text.phone_number}
            onValue={setField('phone_number')}
            error={errors.phone_number}
            inputRef={bind('phone_number')}
          />
        </div>
        <div>
          <TextField
            name="label"
            label={t('settings:address_form.label')}
            placeholder={t('settings:address_form.label_placeholder')}
            maxLength={50}
            value={text.label}
            onValue={setField('label')}
            error={errors.label}
            inputRef={bind('label')}
          />
          <div role="group" aria-label={t('settings:address_form.label_suggestions')} className="mt-2 flex gap-2">
            {[t('settings:address_form.label_home'), t('settings:address_form.label_office')].map((l) => (
              <button
                key={l}
                type="button"
                onClick={() => setField('label')(l)}
                aria-pressed={text.label === l}
                className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-pressed:border-brand-400 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
              >
                {l}
              </button>
            ))}
          </div>
        </div>
        <SearchSelect
          name="country_id"
          label={t('settings:address_form.country')}
          placeholder={t('settings:address_form.country_placeholder')}
          options={countries ?? []}
          loading={!countries}
          value={country}
          onChange={chooseCountry}
          error={errors.country_id}
          inputRef={bind('country_id')}
        />
        {indonesia && (
          <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-3.5 sm:grid-cols-2">
            <legend className="sr-only">{country.name}</legend>
            <SearchSelect
              name="province_id"
              label={t('settings:address_form.province')}
              placeholder={t('settings:address_form.province_placeholder')}
              options={provinces ?? []}
              loading={!provinces}
              value={province}
              onChange={chooseProvince}
              error={errors.province_id}
              inputRef={bind('province_id')}
            />
            <SearchSelect
              name="city_id"
              label={t('settings:address_form.city')}
              placeholder={t('settings:address_form.city_placeholder')}
              options={cities ?? []}
              loading={Boolean(province) && !cities}
              disabled={!province}
              hint={t('settings:address_form.city_first')}
              value={city}
              onChange={chooseCity}
              error={errors.city_id}
              inputRef={bind('city_id')}
            />
            <SearchSelect
              name="sub_district_id"
              label={t('settings:address_form.sub_district')}
              placeholder={t('settings:address_form.sub_district_placeholder')}
              options={subDistricts ?? []}
              loading={Boolean(city) && !subDistricts}
              disabled={!city}
              hint={t('settings:address_form.sub_district_first')}
              value={subDistrict}
              onChange={chooseSubDistrict}
              error={errors.sub_district_id}
              inputRef={bind('sub_district_id')}
            />
            <div>
              <TextField
                name="pos_code"
                label={t('settings:address_form.pos_code')}
                placeholder={t('settings:address_form.pos_code_placeholder')}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                disabled={!subDistrict}
                hint={subDistrict ? undefined : t('settings:address_form.pos_code_first')}
                value={posCode}
                onValue={(v) => {
                  setPosCode(v.replace(/\D/g, '').slice(0, 5));
                  clear('pos_code');
                }}
                error={errors.pos_code}
                inputRef={bind('pos_code')}
              />
              {subDistrict && posCodes.length > 0 && (
                <div role="group" aria-label={t('settings:address_form.pos_code_suggestions')} className="mt-2 flex flex-wrap items-center gap-1.5">
                  <span className="text-xs text-slate-500">{t('settings:address_form.pos_code_suggestions')}:</span>
                  {posCodes.slice(0, 6).map((p) => (
                    <button
                      key={p.id}
                      type="button"
                      onClick={() => {
                        setPosCode(p.code);
                        clear('pos_code');
                      }}
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
        <TextAreaField
          name="detail"
          label={t('settings:address_form.detail')}
          placeholder={t('settings:address_form.detail_placeholder')}
          autoComplete="street-address"
          maxLength={500}
          rows={3}
          value={text.detail}
          onValue={setField('detail')}
          error={errors.detail}
          textareaRef={bind('detail')}
        />
      </PopupBody>
      <FormActions busy={form.busy} onCancel={close} label={t('settings:address_form.save')} />
    </form>
  );
}
