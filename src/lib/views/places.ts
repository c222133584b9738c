/** A row of GET /v1/misc/countries, named in the request's language. */
export interface Country {
  id: number;
  name: string;
  iso2: string;
  flag_image: string;
}

/** A row of GET /v1/misc/global-cities (a city within one chosen country). */
export interface GlobalCity {
  id: number;
  name: string;
  country_id: number;
}

/** A row of GET /v1/misc/global-cities-with-country: the trip popup's city search. */
export interface CityWithCountry extends GlobalCity {
  country_name: string;
}

/** A named row of the Indonesian area lookups (provinces, cities, sub-districts). */
export interface Area {
  id: number;
  name: string;
}

/** GET /v1/misc/cities rows: a city of one province. */
export interface AreaCity extends Area {
  province_id: number;
}

/** GET /v1/misc/sub-districts rows: a sub-district of one city. */
export interface AreaSubDistrict extends Area {
  city_id: number;
}

/** A postal code learned from saved addresses (GET /v1/misc/pos-codes rows). */
export interface PosCode {
  id: number;
  code: string;
  sub_district_id: number;
}

/** Names of the countries and cities a listing's filters refer to, in the page language. */
export interface PlaceNames {
  countries: Record<number, string>;
  cities: Record<number, string>;
}
