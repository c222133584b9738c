import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';

describe('lookups', () => {
  it('finds Bandung, Indonesia when searching cities for "bandung"', async () => {
    const res = await call('GET', '/v1/misc/global-cities-with-country?key=bandung');
    expect(res.status).toBe(200);
    expect(res.body.data.rows.length).toBeLessThanOrEqual(10);
    expect(res.body.data.rows[0]).toMatchObject({ name: 'Bandung', country_id: 228, country_name: 'Indonesia' });
  });

  it('names countries of cities in the Lang language', async () => {
    const res = await call('GET', '/v1/misc/global-cities-with-country?key=tokyo', { lang: 'id' });
    expect(res.body.data.rows[0]).toMatchObject({ name: 'Tokyo', country_name: 'Jepang' });
  });

  it('lists the cities of one country, biggest first', async () => {
    const res = await call('GET', '/v1/misc/global-cities?country_id=228&per_page=5');
    expect(res.body.data.rows.map((r: { name: string }) => r.name)).toContain('Jakarta');
    expect(res.body.data.rows.every((r: { country_id: number }) => r.country_id === 228)).toBe(true);
    expect(res.body.data.total).toBeGreaterThan(100);
  });

  it('looks cities up by id', async () => {
    const res = await call('GET', '/v1/misc/global-cities?ids=1642911,1850147');
    expect(res.body.data.rows.map((r: { name: string }) => r.name).sort()).toEqual(['Jakarta', 'Tokyo']);
    expect((await call('GET', '/v1/misc/global-cities?ids=1;drop')).status).toBe(422);
  });

  it('has the 38 Indonesian provinces, their cities, sub-districts', async () => {
    const provinces = await call('GET', '/v1/misc/provinces');
    expect(provinces.body.data.rows).toHaveLength(38);
    const jabar = provinces.body.data.rows.find((p: { name: string }) => p.name === 'Jawa Barat');
    expect(jabar.id).toBe(32);
    const cities = await call('GET', `/v1/misc/cities?province_id=${jabar.id}`);
    const bandung = cities.body.data.rows.find((c: { name: string }) => c.name === 'Kota Bandung');
    expect(bandung).toMatchObject({ id: 3273, province_id: 32 });
    const subs = await call('GET', `/v1/misc/sub-districts?city_id=${bandung.id}`);
    expect(subs.body.data.rows.map((s: { name: string }) => s.name)).toContain('Coblong');
  });

  it('asks for the parent id of chained lists', async () => {
    const res = await call('GET', '/v1/misc/cities', { lang: 'id' });
    expect(res.status).toBe(422);
    expect(res.body.errors.province_id).toBe('Kolom ini wajib diisi');
  });

  it('lists real payout banks and the platform fee', async () => {
    const banks = await call('GET', '/v1/misc/available-payout-banks');
    expect(banks.body.data).toContainEqual({ bank_code: 'bca', bank_name: 'Bank Central Asia (BCA)' });
    const fee = await call('GET', '/v1/misc/get-traveler-platform-fee');
    expect(fee.body.data).toEqual({ platform_fee_percentage: 5 });
  });
});
