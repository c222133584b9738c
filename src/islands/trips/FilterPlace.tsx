import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { filterCitySchema } from '../../lib/schemas/places.ts';
import { $popupState, setPopupState, type NamedRef } from '../../lib/stores/popup.ts';
import { PopupActions, PopupBody, PopupHeader, primaryButton, secondaryButton, Spinner } from '../popups/PopupParts.tsx';
import { FieldError } from './FieldParts.tsx';
import { applyParams, readIdParam } from './filter-url.ts';
import { cityById, countryById, rememberCity, searchCitiesIn, searchCountries } from './lookups.ts';
import { SearchCombobox } from './SearchCombobox.tsx';

/** Apply and Clear, shared by the filter popups. */
export function FilterActions({ onClear }: { onClear: () => void }) {
  const t = useT();
  return (
    <PopupActions>
      <button type="button" onClick={onClear} className={secondaryButton}>
        {t('trips:filter.clear')}
      </button>
      <button type="submit" className={primaryButton}>
        {t('trips:filter.apply')}
      </button>
    </PopupActions>
  );
}

/** The country picker of the filter popups (typed search, SPEC §9: pages of 10). */
export function CountryPicker({ value, onChange, error }: { value: NamedRef | null; onChange: (c: NamedRef | null) => void; error?: string }) {
  const t = useT();
  return (
    <SearchCombobox<NamedRef>
      data-testid="filter-country-picker"
      label={t('trips:filter.country')}
      value={value}
      onChange={onChange}
      search={(key, signal) => searchCountries(key, signal)}
      optionLabel={(c) => c.name}
      placeholder={t('trips:filter.country_placeholder')}
      searchingText={t('popup.loading')}
      noneText={t('trips:filter.none')}
      error={error}
      icon="globe"
    />
  );
}

/**
 * filter-origin / filter-destination: a country, then a city within it; both required
 * ('negara dan kota harus dipilih'). Apply sets `{side}_country_id` and `{side}_city_id`.
 */
export function FilterPlace({ side, close }: { side: 'origin' | 'destination'; close: () => void }) {
  const t = useT();
  const { filter } = useStore($popupState);
  const countryParam = `${side}_country_id`;
  const cityParam = `${side}_city_id`;
  const [country, setCountry] = useState<NamedRef | null>(null);
  const [city, setCity] = useState<NamedRef | null>(null);
  const [error, setError] = useState('');
  const [ready, setReady] = useState(false);

  // Start from the filter in the URL (names from the shared state, else looked up).
  useEffect(() => {
    const countryId = readIdParam(countryParam);
    const cityId = readIdParam(cityParam);
    const known = filter?.[side];
    if (!countryId) return setReady(true);
    if (known?.country?.id === countryId && (!cityId || known.city?.id === cityId)) {
      setCountry(known.country);
      setCity(cityId ? (known.city ?? null) : null);
      return setReady(true);
    }
    let live = true;
    Promise.all([countryById(countryId), cityId ? cityById(countryId, cityId) : null])
      .then(([c, ci]) => {
        if (!live) return;
        setCountry(c);
        setCity(c ? ci : null);
      })
      .catch((err) => console.error('filter look-up failed', err))
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
    // Read once, when the popup opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function apply(e: FormEvent) {
    e.preventDefault();
    const parsed = filterCitySchema.safeParse({ country_id: country?.id, city_id: city?.id });
    if (!parsed.success || !country || !city) {
      setError(t(parsed.error?.issues[0]?.message ?? 'places:filter.city_required'));
      return;
    }
    rememberCity(city);
    setPopupState({ filter: { ...filter, [side]: { country, city } } });
    close();
    applyParams({ [countryParam]: country.id, [cityParam]: city.id });
  }

  function clear() {
    setPopupState({ filter: { ...filter, [side]: null } });
    close();
    applyParams({}, [countryParam, cityParam]);
  }

  return (
    <form noValidate onSubmit={apply} data-testid={`filter-${side}`}>
      <PopupHeader title={t(`trips:filter.${side}_title`)} description={t(`trips:filter.${side}_description`)} />
      <PopupBody className="space-y-4">
        {!ready ? (
          <Spinner label={t('popup.loading')} />
        ) : (
          <>
            <CountryPicker
              value={country}
              onChange={(c) => {
                if (c?.id !== country?.id) setCity(null);
                setCountry(c);
                setError('');
              }}
            />
            <SearchCombobox<NamedRef>
              data-testid="filter-city-picker"
              label={t('trips:filter.city')}
              value={city}
              onChange={(c) => {
                setCity(c);
                setError('');
              }}
              search={(key, signal) => searchCitiesIn(country!.id, key, signal)}
              source={country?.id ?? null}
              disabled={!country}
              optionLabel={(c) => c.name}
              placeholder={country ? t('trips:filter.city_placeholder') : t('trips:filter.city_first')}
              searchingText={t('popup.loading')}
              noneText={t('trips:filter.none')}
            />
            <FieldError>{error}</FieldError>
          </>
        )}
      </PopupBody>
      <FilterActions onClear={clear} />
    </form>
  );
}
