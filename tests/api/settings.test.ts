import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';

const bandungAddress = (over: Record<string, unknown> = {}) => ({
  name: 'Siti Rahma',
  phone_number: '0812 3456 7890',
  label: 'Rumah',
  detail: 'Jl. Dago No. 12, RT 01/RW 02',
  country_id: 228,
  province_id: 32,
  city_id: 3273,
  sub_district_id: 327302,
  pos_code: '40135',
  ...over,
});

describe('addresses', () => {
  it('saves an Indonesian address through the area chain and learns its postal code', async () => {
    const u = await newUser();
    const subs = await call('GET', '/v1/misc/sub-districts?city_id=3273');
    const sub = subs.body.data.rows.find((s: { name: string }) => s.name === 'Coblong');
    const res = await call('POST', '/v1/addresses', { token: u.token, body: bandungAddress({ sub_district_id: sub.id }) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Siti Rahma',
      phone_number: '+6281234567890',
      country: { id: 228, name: 'Indonesia' },
      province: { id: 32, name: 'Jawa Barat' },
      city: { id: 3273, name: 'Kota Bandung' },
      sub_district: { id: sub.id, name: 'Coblong' },
      pos_code: { code: '40135' },
    });
    const codes = await call('GET', `/v1/misc/pos-codes?sub_district_id=${sub.id}`);
    expect(codes.body.data.rows.map((r: { code: string }) => r.code)).toContain('40135');
    const reuse = await call('POST', '/v1/addresses', {
      token: u.token,
      body: bandungAddress({ sub_district_id: sub.id, pos_code: undefined, pos_code_id: res.body.data.pos_code.id, label: 'Kantor' }),
    });
    expect(reuse.status).toBe(201);
    const list = await call('GET', '/v1/addresses?orderBy=label&sort=asc', { token: u.token });
    expect(list.body.data.rows.map((a: { label: string }) => a.label)).toEqual(['Kantor', 'Rumah']);
  });

  it('saves a foreign address without the Indonesian fields', async () => {
    const u = await newUser();
    const res = await call('POST', '/v1/addresses', {
      token: u.token,
      body: { name: 'Kenji Sato', phone_number: '090-1234-5678', label: 'Hotel', detail: '1-1 Marunouchi, Chiyoda, Tokyo', country_id: 392, province_id: 32 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ phone_number: '+819012345678', country: { id: 392, name: 'Japan' }, province: null, city: null, pos_code: null });
  });

  it('names every missing field (SPEC §5)', async () => {
    const u = await newUser();
    const res = await call('POST', '/v1/addresses', { token: u.token, lang: 'id', body: { country_id: 228 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: 'Nama penerima harus diisi',
      phone_number: 'Nomor telepon penerima harus diisi',
      label: 'Label harus diisi, mis. Rumah atau Kantor',
      detail: 'Alamat lengkap harus diisi',
      province_id: 'Pilih provinsi',
      city_id: 'Pilih kota atau kabupaten',
      sub_district_id: 'Pilih kecamatan',
      pos_code: 'Kode pos harus diisi',
    });
    const noCountry = await call('POST', '/v1/addresses', { token: u.token, body: bandungAddress({ country_id: undefined }) });
    expect(noCountry.body.errors.country_id).toBe('Choose a country');
    const badPos = await call('POST', '/v1/addresses', { token: u.token, body: bandungAddress({ pos_code: '4013' }) });
    expect(badPos.body.errors.pos_code).toBe('A postal code has 5 digits');
  });

  it('refuses a city outside the chosen province', async () => {
    const u = await newUser();
    const res = await call('POST', '/v1/addresses', { token: u.token, body: bandungAddress({ province_id: 31 }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.city_id).toBe('This value is not valid');
  });

  it('updates and deletes only its own addresses', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { body } = await call('POST', '/v1/addresses', { token: owner.token, body: bandungAddress() });
    const id = body.data.id;
    expect((await call('GET', `/v1/addresses/${id}`, { token: other.token })).status).toBe(404);
    const put = await call('PUT', `/v1/addresses/${id}`, { token: other.token, body: bandungAddress({ name: 'Thief' }) });
    expect(put.status).toBe(404);
    expect((await call('DELETE', `/v1/addresses/${id}`, { token: other.token })).status).toBe(404);
    expect((await call('GET', '/v1/addresses', { token: other.token })).body.data.rows).toHaveLength(0);

    const mine = await call('PUT', `/v1/addresses/${id}`, { token: owner.token, body: bandungAddress({ label: 'Kos' }) });
    expect(mine.body.data.label).toBe('Kos');
    expect((await call('GET', `/v1/addresses/${id}`, { token: owner.token })).body.data.name).toBe('Siti Rahma');
    expect((await call('DELETE', `/v1/addresses/${id}`, { token: owner.token })).status).toBe(200);
    expect((await call('GET', '/v1/addresses', { token: owner.token })).body.data.rows).toHaveLength(0);
  });
});

describe('bank accounts', () => {
  it('adds, edits and deletes a bank account', async () => {
    const u = await newUser();
    const res = await call('POST', '/v1/banks', { token: u.token, body: { account_bank: 'bca', account_name: 'Tara Putri', account_number: '1234567890' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ account_bank: 'bca', bank_name: 'Bank Central Asia (BCA)', account_number: '1234567890' });
    const id = res.body.data.id;
    const edit = await call('PUT', `/v1/banks/${id}`, { token: u.token, body: { account_bank: 'mandiri', account_name: 'Tara Putri', account_number: '0987654321' } });
    expect(edit.body.data.bank_name).toBe('Bank Mandiri');
    expect((await call('GET', '/v1/banks', { token: u.token })).body.data).toHaveLength(1);
    expect((await call('DELETE', `/v1/banks/${id}`, { token: u.token })).status).toBe(200);
    expect((await call('GET', '/v1/banks', { token: u.token })).body.data).toHaveLength(0);
  });

  it('validates the bank, the holder and a digits-only number', async () => {
    const u = await newUser();
    const res = await call('POST', '/v1/banks', { token: u.token, lang: 'id', body: { account_bank: '', account_name: '', account_number: '12-34' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      account_bank: 'Pilih bank',
      account_name: 'Nama pemilik rekening harus diisi',
      account_number: 'Nomor rekening hanya boleh berisi angka',
    });
    const unknownBank = await call('POST', '/v1/banks', { token: u.token, body: { account_bank: 'monopoly', account_name: 'A', account_number: '1' } });
    expect(unknownBank.body.errors.account_bank).toBe('Choose a bank');
    const negative = await call('POST', '/v1/banks', { token: u.token, body: { account_bank: 'bca', account_name: 'A', account_number: '-5' } });
    expect(negative.body.errors.account_number).toBe('The account number may only contain digits');
  });

  it("never shows or changes another user's bank account", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { body } = await call('POST', '/v1/banks', { token: owner.token, body: { account_bank: 'bni', account_name: 'Owner', account_number: '111' } });
    const id = body.data.id;
    expect((await call('GET', `/v1/banks/${id}`, { token: other.token })).status).toBe(404);
    expect((await call('PUT', `/v1/banks/${id}`, { token: other.token, body: { account_bank: 'bni', account_name: 'Thief', account_number: '222' } })).status).toBe(404);
    expect((await call('DELETE', `/v1/banks/${id}`, { token: other.token })).status).toBe(404);
    expect((await call('GET', '/v1/banks', { token: other.token })).body.data).toHaveLength(0);
    expect((await call('GET', `/v1/banks/${id}`, { token: owner.token })).body.data.account_name).toBe('Owner');
  });
});
