import { getTableName, sql, type SQL } from 'drizzle-orm';
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
/**
 * A column written with its table's name, always. Drizzle leaves the table name off a query that
 * reads one table only, so inside a subquery a bare "id" would mean the subquery's own table.
 */
export const qualified = (column: AnyPgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

export const cityNameSql = (cityId: AnyPgColumn): SQL<string> =>
  sql<string>`(select ${qualified(globalCities.name)} from ${globalCities} where ${qualified(globalCities.id)} = ${qualified(cityId)})`;

export const countryNameSql = (countryId: AnyPgColumn, locale: Locale): SQL<string> =>
  sql<string>`(select ${qualified(locale === 'id' ? countries.nameId : countries.nameEn)} from ${countries} where ${qualified(countries.id)} = ${qualified(countryId)})`;

export const countryIsoSql = (countryId: AnyPgColumn): SQL<string> =>
  sql<string>`(select ${qualified(countries.iso2)} from ${countries} where ${qualified(countries.id)} = ${qualified(countryId)})`;
