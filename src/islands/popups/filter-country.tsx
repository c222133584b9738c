import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { filterCountrySchema } from '../../lib/schemas/places.ts';
import { $popupState, setPopupState, type NamedRef, type PopupProps } from '../../lib/stores/popup.ts';
import { CountryPicker, FilterActions } from '../trips/FilterPlace.tsx';
import { applyParams, readIdParam } from '../trips/filter-url.ts';
import { countryById } from '../trips/lookups.ts';
import { DialogBody, DialogHeader } from '../ui/Dialog.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

const PARAM = 'country_id';

/** Listings by country (country_id in the URL); required: 'negara harus dipilih'. */
export default function FilterCountryPopup({ close }: PopupProps) {
  const t = useT();
  const { filter } = useStore($popupState);
  const form = useZodForm({
    schema: filterCountrySchema,
    defaultValues: { country: null as NamedRef | null },
    toInput: ({ country }) => ({ country_id: country?.id }),
    fieldOf: { country_id: 'country' },
  });
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const id = readIdParam(PARAM);
    if (!id) return setReady(true);
    if (filter?.country?.id === id) {
      form.reset({ country: filter.country });
      return setReady(true);
    }
    let live = true;
    countryById(id)
      .then((c) => live && form.reset({ country: c }))
      .catch((err) => console.error('filter look-up failed', err))
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = form.submit(({ country_id }) => {
    setPopupState({ filter: { ...filter, country: form.getValues('country') } });
    close();
    applyParams({ [PARAM]: country_id });
  });

  function clear() {
    setPopupState({ filter: { ...filter, country: null } });
    close();
    applyParams({}, [PARAM]);
  }

  return (
    <form noValidate onSubmit={onSubmit} data-testid="filter-country">
      <DialogHeader title={t('trips:filter.country_title')} description={t('trips:filter.country_description')} />
      <DialogBody className="space-y-4">{!ready ? <Loading label={t('ui.loading')} /> : <CountryPicker {...form.field('country')} />}</DialogBody>
      <FilterActions onClear={clear} />
    </form>
  );
}
