import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';

describe('postal codes known on a fresh start', () => {
  it('offers the codes of Gambir (central Jakarta) before anyone typed one', async () => {
    const res = await call('GET', '/v1/misc/pos-codes?sub_district_id=317101');
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['10110', '10120', '10130', '10140', '10150', '10160']));
  });
});
