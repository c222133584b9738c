/** The local flag asset of a country (flag-icons, copied into /flags at build). */
export const flagImage = (iso2: string) => `/flags/${iso2.toLowerCase()}.svg`;
