import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../lib/i18n/index.ts';
import { countries, globalCities } from '../../db/schema.ts';

/*
 * A city's or country's name as a scalar subquery in a view's select list, instead of one more
 * join per place: the planner searches join orders over every joined table (a pre-order's card
 * joined seven tables, and planning them took longer than running the query, most on PGlite),
 * while a subquery by primary key is planned once on its own and costs one index lookup per row.
 * The foreign keys guarantee the row exists, so the name is never null.
 */
export const cityNameSql = (cityId: AnyPgColumn): SQL<string> =>
  sql<string>`(select ${globalCities.name} from ${globalCities} where ${globalCities.id} = ${cityId})`;

export const countryNameSql = (countryId: AnyPgColumn, locale: Locale): SQL<string> =>
  sql<string>`(select ${locale === 'id' ? countries.nameId : countries.nameEn} from ${countries} where ${countries.id} = ${countryId})`;

export const countryIsoSql = (countryId: AnyPgColumn): SQL<string> =>
  sql<string>`(select ${countries.iso2} from ${countries} where ${countries.id} = ${countryId})`;
