import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { filterCitySchema } from '../../lib/schemas/places.ts';
import { $popupState, setPopupState, type NamedRef } from '../../lib/stores/popup.ts';
import { DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { SearchCombobox } from '../ui/SearchCombobox.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { useZodForm, type FieldBinding } from '../ui/use-zod-form.ts';
import { applyParams, readIdParam } from './filter-url.ts';
import { cityById, countryById, rememberCity, searchCitiesIn, searchCountries } from './lookups.ts';

/** Clear and Apply, shared by the filter popups. */
export function FilterActions({ onClear }: { onClear: () => void }) {
  const t = useT();
  return <FormActions busy={false} onCancel={onClear} cancelLabel={t('trips:filter.clear')} submitLabel={t('trips:filter.apply')} />;
}

/** The country picker of the filter popups (typed search, SPEC §9: pages of 10). */
export function CountryPicker(props: FieldBinding<NamedRef | null>) {
  const t = useT();
  return (
    <SearchCombobox<NamedRef>
      {...props}
      data-testid="filter-country-picker"
      label={t('trips:filter.country')}
      search={(key, signal) => searchCountries(key, signal)}
      optionLabel={(c) => c.name}
      placeholder={t('trips:filter.country_placeholder')}
      searchingText={t('ui.loading')}
      noneText={t('trips:filter.none')}
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
  const form = useZodForm({
    schema: filterCitySchema,
    defaultValues: { country: null as NamedRef | null, city: null as NamedRef | null },
    toInput: ({ country, city }) => ({ country_id: country?.id, city_id: city?.id }),
    // One message for the pair, under the city picker.
    fieldOf: { country_id: 'city', city_id: 'city' },
  });
  const country = form.field('country');
  const city = form.field('city');
  const [ready, setReady] = useState(false);

  // Start from the filter in the URL (names from the shared state, else looked up).
  useEffect(() => {
    const countryId = readIdParam(countryParam);
    const cityId = readIdParam(cityParam);
    const known = filter?.[side];
    if (!countryId) return setReady(true);
    if (known?.country?.id === countryId && (!cityId || known.city?.id === cityId)) {
      form.reset({ country: known.country, city: cityId ? (known.city ?? null) : null });
      return setReady(true);
    }
    let live = true;
    Promise.all([countryById(countryId), cityId ? cityById(countryId, cityId) : null])
      .then(([c, ci]) => {
        if (live) form.reset({ country: c, city: c ? ci : null });
      })
      .catch((err) => console.error('filter look-up failed', err))
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
    // Read once, when the popup opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = form.submit(({ country_id, city_id }) => {
    const chosen = form.getValues();
    if (chosen.city) rememberCity(chosen.city);
    setPopupState({ filter: { ...filter, [side]: chosen } });
    close();
    applyParams({ [countryParam]: country_id, [cityParam]: city_id });
  });

  function clear() {
    setPopupState({ filter: { ...filter, [side]: null } });
    close();
    applyParams({}, [countryParam, cityParam]);
  }

  return (
    <form noValidate onSubmit={onSubmit} data-testid={`filter-${side}`}>
      <DialogHeader title={t(`trips:filter.${side}_title`)} description={t(`trips:filter.${side}_description`)} />
      <DialogBody className="space-y-4">
        {!ready ? (
          <Loading label={t('ui.loading')} />
        ) : (
          <>
            <CountryPicker
              {...country}
              onValue={(c) => {
                if (c?.id !== country.value?.id) city.onValue(null);
                country.onValue(c);
              }}
            />
            <SearchCombobox<NamedRef>
              {...city}
              data-testid="filter-city-picker"
              label={t('trips:filter.city')}
              search={(key, signal) => searchCitiesIn(country.value!.id, key, signal)}
              source={country.value?.id ?? null}
              disabled={!country.value}
              optionLabel={(c) => c.name}
              placeholder={country.value ? t('trips:filter.city_placeholder') : t('trips:filter.city_first')}
              searchingText={t('ui.loading')}
              noneText={t('trips:filter.none')}
            />
          </>
        )}
      </DialogBody>
      <FilterActions onClear={clear} />
    </form>
  );
}
