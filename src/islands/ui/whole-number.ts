/** Digits only, for whole-number inputs (grams, stock, quantity): '1.500' typed the Indonesian way reads 1500. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 9);

/** The typed digits as the JSON number the API takes (it reads no strings as numbers); empty: none. */
export const wholeNumber = (digits: string) => (digits === '' ? undefined : Number(digits));
