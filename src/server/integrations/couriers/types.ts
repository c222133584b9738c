import type { ExpeditionOption } from '../../../lib/views/index.ts';

export type { ExpeditionOption };

export interface ShipmentQuery {
  /** Where the traveller hands the parcel over: the trip's destination city (name, country). */
  originCityName: string;
  originCountryId: number;
  /** The buyer's Indonesian address. */
  destinationProvinceId: number;
  destinationCityId: number;
  destinationSubDistrictId: number;
  /** A postal code known for that sub-district (real courier APIs price by it), if any. */
  destinationPostalCode?: string;
  /** Total weight in grams. */
  weightGrams: number;
}

/** Courier quotes, behind one interface: the built-in rate table or a real courier API. */
export interface Couriers {
  quote(query: ShipmentQuery): Promise<ExpeditionOption[]>;
}
