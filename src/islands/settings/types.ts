/**
 * The shapes the settings API answers with (GET /v1/addresses rows, GET /v1/banks), taken from
 * the domain so page props, popups and the API cannot drift apart.
 */
export type { AddressView as Address } from '../../server/domain/settings/addresses.ts';
export type { BankAccountView as BankAccount } from '../../server/domain/settings/bank-accounts.ts';

/** A row of GET /v1/misc/countries. */
export interface Country {
  id: number;
  name: string;
  iso2: string;
  flag_image: string;
}

/** GET /v1/misc/available-payout-banks. */
export interface PayoutBank {
  bank_code: string;
  bank_name: string;
}

/** A named row of the Indonesian area lookups (provinces, cities, sub-districts). */
export interface Area {
  id: number;
  name: string;
}

export interface PosCode {
  id: number;
  code: string;
}
