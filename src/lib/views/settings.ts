/** A saved delivery address (GET /v1/addresses rows, /v1/addresses/{id}). */
export interface AddressView {
  id: number;
  name: string;
  phone_number: string;
  label: string;
  detail: string;
  country_id: number;
  province_id: number | null;
  city_id: number | null;
  sub_district_id: number | null;
  pos_code_id: number | null;
  country: { id: number; name: string };
  province: { id: number; name: string } | null;
  city: { id: number; name: string } | null;
  sub_district: { id: number; name: string } | null;
  pos_code: { id: number; code: string } | null;
}

/** A payout bank account (GET /v1/banks rows, /v1/banks/{id}). */
export interface BankAccountView {
  id: number;
  account_bank: string;
  bank_name: string;
  account_name: string;
  account_number: string;
}

/** GET /v1/misc/available-payout-banks rows. */
export interface PayoutBank {
  bank_code: string;
  bank_name: string;
}
