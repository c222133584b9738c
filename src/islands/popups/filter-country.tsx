import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { filterCountrySchema } from '../../lib/schemas/places.ts';
import { $popupState, setPopupState, type NamedRef } from '../../lib/stores/popup.ts';
import { FieldError } from '../trips/FieldParts.tsx';
import { CountryPicker, FilterActions } from '../trips/FilterPlace.tsx';
import { applyParams, readIdParam } from '../trips/filter-url.ts';
import { countryById } from '../trips/lookups.ts';
import { PopupBody, PopupHeader, Spinner, type PopupProps } from './PopupParts.tsx';

const PARAM = 'country_id';

/** Listings by country (country_id in the URL); required: 'negara harus dipilih'. */
export default function FilterCountryPopup({ close }: PopupProps) {
  const t = useT();
  const { filter } = useStore($popupState);
  const [country, setCountry] = useState<NamedRef | null>(null);
  const [error, setError] = useState('');
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const id = readIdParam(PARAM);
    if (!id) return setReady(true);
    if (filter?.country?.id === id) {
      setCountry(filter.country);
      return setReady(true);
    }
    let live = true;
    countryById(id)
      .then((c) => live && setCountry(c))
      .catch((err) => console.error('filter look-up failed', err))
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function apply(e: FormEvent) {
    e.preventDefault();
    const parsed = filterCountrySchema.safeParse({ country_id: country?.id });
    if (!parsed.success || !country) {
      setError(t(parsed.error?.issues[0]?.message ?? 'places:filter.country_required'));
      return;
    }
    setPopupState({ filter: { ...filter, country } });
    close();
    applyParams({ [PARAM]: country.id });
  }

  function clear() {
    setPopupState({ filter: { ...filter, country: null } });
    close();
    applyParams({}, [PARAM]);
  }

  return (
    <form noValidate onSubmit={apply} data-testid="filter-country">
      <PopupHeader title={t('trips:filter.country_title')} description={t('trips:filter.country_description')} />
      <PopupBody className="space-y-4">
        {!ready ? (
          <Spinner label={t('popup.loading')} />
        ) : (
          <>
            <CountryPicker
              value={country}
              onChange={(c) => {
                setCountry(c);
                setError('');
              }}
            />
            <FieldError>{error}</FieldError>
          </>
        )}
      </PopupBody>
      <FilterActions onClear={clear} />
    </form>
  );
}
