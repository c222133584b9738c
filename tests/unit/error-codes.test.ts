import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorFrom, networkError } from '../../src/lib/api.ts';
import { AppErrorCode, errorCodeKey } from '../../src/lib/errors.ts';
import { translator } from '../../src/lib/i18n/index.ts';
import { $locale } from '../../src/lib/stores/session.ts';
import { AppError, conflict, errorStatus, invalid, notFound, tooManyAttempts } from '../../src/server/errors.ts';

const codes = Object.keys(AppErrorCode) as AppErrorCode[];

describe('the error model', () => {
  it('gives every code a status and a message in both languages', () => {
    expect(Object.keys(errorStatus).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(AppErrorCode[code]).toBe(code);
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      for (const locale of ['en', 'id'] as const) {
        const text = translator(locale)(errorCodeKey(code), { seconds: 5 });
        // A missing key comes back as itself; a broken reference keeps its "$t(".
        expect(text, `${locale} ${code}`).not.toMatch(/^errors:|\$t\(/);
      }
    }
  });

  it('takes its status from the table and its message key from the code unless told', () => {
    const plain = new AppError('OUT_OF_STOCK');
    expect({ status: plain.status, key: plain.key }).toEqual({ status: 409, key: 'errors:code.OUT_OF_STOCK' });
    expect(conflict('INVALID_TRANSITION', 'places:trip.already_cancelled')).toMatchObject({ code: 'INVALID_TRANSITION', status: 409, key: 'places:trip.already_cancelled' });
    expect(notFound()).toMatchObject({ code: 'NOT_FOUND', status: 404, key: 'errors:code.NOT_FOUND' });
    expect(invalid({ name: 'errors:field.required' })).toMatchObject({ code: 'VALIDATION', status: 422, fields: { name: 'errors:field.required' } });
    expect(tooManyAttempts(30)).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429, retryAfter: 30, params: { seconds: 30 } });
  });
});

describe('the API client’s errors', () => {
  afterEach(() => $locale.set('en'));

  it('keep the server’s code, message and field errors', () => {
    const err = apiErrorFrom(409, { code: 'TRIP_NOT_EDITABLE', message: 'Only an active trip can be changed' });
    expect({ code: err.code, status: err.status, message: err.message, errors: err.errors }).toEqual({
      code: 'TRIP_NOT_EDITABLE',
      status: 409,
      message: 'Only an active trip can be changed',
      errors: {},
    });
  });

  it('fall back to the page’s language, English by default, when the server said nothing usable', () => {
    expect(apiErrorFrom(502, null)).toMatchObject({ code: 'INTERNAL', message: 'Something went wrong, please try again' });
    expect(networkError()).toMatchObject({ code: 'NETWORK', status: 0, message: 'Cannot reach the server' });
    $locale.set('id');
    expect(apiErrorFrom(502, { code: 'no such code' })).toMatchObject({ code: 'INTERNAL', message: 'Terjadi kesalahan, harap ulangi lagi' });
    expect(networkError().message).toBe('Tidak dapat terhubung ke server');
  });
});
