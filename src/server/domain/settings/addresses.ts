import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { Locale } from '../../../lib/i18n/index.ts';
import { pageOf, type AddressView, type Page } from '../../../lib/views/index.ts';
import { INDONESIA_ID, type AddressInput } from '../../../lib/schemas/places.ts';
import type { Db } from '../../db/client.ts';
import { addresses, countries, idnCities, idnProvinces, idnSubDistricts, posCodes } from '../../db/schema.ts';
import { invalid, notFound } from '../../errors.ts';
import { normalizePhone } from '../accounts/phone.ts';
import { checkAreaChain, posCodeId } from '../places/indonesia.ts';
import { literal } from '../../db/literal.ts';

const ORDER_COLUMNS = { created_at: addresses.createdAt, label: addresses.label, name: addresses.name } as const;
export type AddressOrder = keyof typeof ORDER_COLUMNS;

function selectAddresses(db: Db, locale: Locale) {
  return db
    .select({
      a: addresses,
      countryName: locale === 'id' ? countries.nameId : countries.nameEn,
      provinceName: idnProvinces.name,
      cityName: idnCities.name,
      subDistrictName: idnSubDistricts.name,
      posCode: posCodes.code,
    })
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .leftJoin(idnProvinces, eq(idnProvinces.id, addresses.provinceId))
    .leftJoin(idnCities, eq(idnCities.id, addresses.cityId))
    .leftJoin(idnSubDistricts, eq(idnSubDistricts.id, addresses.subDistrictId))
    .leftJoin(posCodes, eq(posCodes.id, addresses.posCodeId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectAddresses>['execute']>>[number];

function view(r: Row): AddressView {
  const a = r.a;
  return {
    id: a.id,
    name: a.name,
    phone_number: a.phoneNumber,
    label: a.label,
    detail: a.detail,
    country_id: a.countryId,
    province_id: a.provinceId,
    city_id: a.cityId,
    sub_district_id: a.subDistrictId,
    pos_code_id: a.posCodeId,
    country: { id: a.countryId, name: r.countryName },
    province: a.provinceId && r.provinceName ? { id: a.provinceId, name: r.provinceName } : null,
    city: a.cityId && r.cityName ? { id: a.cityId, name: r.cityName } : null,
    sub_district: a.subDistrictId && r.subDistrictName ? { id: a.subDistrictId, name: r.subDistrictName } : null,
    pos_code: a.posCodeId && r.posCode ? { id: a.posCodeId, code: r.posCode } : null,
  };
}

const mine = (userId: number) => and(eq(addresses.userId, userId), isNull(addresses.deletedAt));

export async function listAddresses(
  db: Db,
  userId: number,
  q: { page: number; per_page: number; orderBy: AddressOrder; sort: 'asc' | 'desc' },
  locale: Locale,
): Promise<Page<AddressView>> {
  const [{ total }] = await db.select({ total: count() }).from(addresses).where(mine(userId));
  const column = ORDER_COLUMNS[q.orderBy];
  const rows = await selectAddresses(db, locale)
    .where(mine(userId))
    .orderBy(q.sort === 'asc' ? asc(column) : desc(column), desc(addresses.id))
    .limit(literal(q.per_page))
    .offset(literal((q.page - 1) * q.per_page));
  return pageOf(rows.map(view), total, q.page, q.per_page);
}

/** Another user's address is simply "not found": its existence is not revealed. */
export async function getAddress(db: Db, userId: number, id: number, locale: Locale): Promise<AddressView> {
  const [row] = await selectAddresses(db, locale).where(and(eq(addresses.id, id), mine(userId)));
  if (!row) throw notFound('places:address.not_found');
  return view(row);
}

/** Checks the country and the Indonesian area chain, normalises the phone, resolves the postal code. */
async function columnsFor(db: Db, input: AddressInput) {
  const [country] = await db.select().from(countries).where(eq(countries.id, input.country_id));
  if (!country) throw invalid({ country_id: 'places:address.country_required' });
  const phone = normalizePhone(input.phone_number, country.iso2 as CountryCode) ?? normalizePhone(input.phone_number);
  if (!phone) throw invalid({ phone_number: 'account:phone.invalid' });
  const base = { name: input.name, phoneNumber: phone, label: input.label, detail: input.detail, countryId: country.id };
  if (country.id !== INDONESIA_ID) return { ...base, provinceId: null, cityId: null, subDistrictId: null, posCodeId: null };

  const ids = { province_id: input.province_id!, city_id: input.city_id!, sub_district_id: input.sub_district_id! };
  const broken = await checkAreaChain(db, ids);
  if (broken) throw invalid({ [broken]: 'errors:field.invalid' });
  let pos: number;
  if (input.pos_code) pos = await posCodeId(db, ids.sub_district_id, input.pos_code);
  else {
    const [known] = await db
      .select({ id: posCodes.id })
      .from(posCodes)
      .where(and(eq(posCodes.id, input.pos_code_id!), eq(posCodes.subDistrictId, ids.sub_district_id)));
    if (!known) throw invalid({ pos_code: 'places:address.pos_code_invalid' });
    pos = known.id;
  }
  return { ...base, provinceId: ids.province_id, cityId: ids.city_id, subDistrictId: ids.sub_district_id, posCodeId: pos };
}

export async function createAddress(db: Db, userId: number, input: AddressInput, locale: Locale): Promise<AddressView> {
  const values = await columnsFor(db, input);
  const [row] = await db.insert(addresses).values({ ...values, userId }).returning({ id: addresses.id });
  return getAddress(db, userId, row.id, locale);
}

export async function updateAddress(db: Db, userId: number, id: number, input: AddressInput, locale: Locale, now: Date) {
  await getAddress(db, userId, id, locale);
  const values = await columnsFor(db, input);
  await db.update(addresses).set({ ...values, updatedAt: now }).where(and(eq(addresses.id, id), mine(userId)));
  return getAddress(db, userId, id, locale);
}

export async function deleteAddress(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const gone = await db.update(addresses).set({ deletedAt: now }).where(and(eq(addresses.id, id), mine(userId))).returning({ id: addresses.id });
  if (!gone.length) throw notFound('places:address.not_found');
}
