import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';

describe('GET /v1/misc/countries', () => {
  it('lists every ISO country with Indonesia at id 228, named in the Lang language', async () => {
    const all = await call('GET', '/v1/misc/countries?per_page=500');
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(249);
    const indonesia = all.body.data.rows.find((r: { id: number }) => r.id === 228);
    expect(indonesia).toMatchObject({ name: 'Indonesia', flag_image: '/flags/id.svg' });
    const de = await call('GET', '/v1/misc/countries?key=jerman', { lang: 'id' });
    expect(de.body.data.rows[0]).toMatchObject({ name: 'Jerman', iso2: 'DE' });
    const en = await call('GET', '/v1/misc/countries?key=germ');
    expect(en.body.data.rows[0].name).toBe('Germany');
  });

  it('pages 10 at a time by default, sorted by name', async () => {
    const res = await call('GET', '/v1/misc/countries?page=2');
    expect(res.body.data.rows).toHaveLength(10);
    expect(res.body.data.page).toBe(2);
    const names = res.body.data.rows.map((r: { name: string }) => r.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });

  it('rejects a bad page with 422', async () => {
    const res = await call('GET', '/v1/misc/countries?page=abc');
    expect(res.status).toBe(422);
    expect(res.body.errors.page).toBe('This value is not valid');
  });
});
