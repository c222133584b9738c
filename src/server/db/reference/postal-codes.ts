/**
 * Postal codes known before anyone types one: no maintained Indonesian postal-code data set is
 * published on the package registry, so the form learns codes from saved addresses. These are the
 * codes (one per kelurahan) of the central-Jakarta sub-districts the demo and example addresses
 * use, so the suggestions are not empty on a fresh start. Keys are sub-district ids (Kemendagri
 * codes without dots).
 */
export const KNOWN_POSTAL_CODES: Record<number, string[]> = {
  317101: ['10110', '10120', '10130', '10140', '10150', '10160'], // Gambir
  317106: ['10310', '10320', '10330', '10340', '10350'], // Menteng
  317107: ['10210', '10220', '10230', '10240', '10250', '10260', '10270'], // Tanah Abang
};
