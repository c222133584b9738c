import { getDistricts, getProvinces, getRegencies } from 'idn-area-data';

/** '32.73.01' → 327301: official Kemendagri codes, dots removed, as stable integer ids. */
const codeToId = (code: string) => Number(code.replaceAll('.', ''));

export async function indonesianAreas() {
  const [provinces, regencies, districts] = await Promise.all([getProvinces(), getRegencies(), getDistricts()]);
  return {
    provinces: (provinces as Array<{ code: string; name: string }>).map((p) => ({ id: codeToId(p.code), name: p.name })),
    cities: (regencies as Array<{ code: string; province_code: string; name: string }>).map((r) => ({
      id: codeToId(r.code),
      provinceId: codeToId(r.province_code),
      name: r.name,
    })),
    subDistricts: (districts as Array<{ code: string; regency_code: string; name: string }>).map((d) => ({
      id: codeToId(d.code),
      cityId: codeToId(d.regency_code),
      name: d.name,
    })),
  };
}
