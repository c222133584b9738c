import PusherServer from 'pusher';
import { describe, expect, it } from 'vitest';
import {
  channelKind,
  decodeClientFrame,
  encodeFrame,
  isValidChannelName,
  safeEqual,
  signChannel,
  supportedProtocol,
  verifyChannelAuth,
} from '../../src/server/realtime/protocol.ts';
import { md5Hex, signRequest, stringToSign, verifyRequest } from '../../src/server/realtime/trigger-api.ts';

const app = { appId: '4242', key: 'app-key', secret: 'app-secret' };
/** The official SDK is the reference implementation of both signatures. */
const sdk = new PusherServer({ ...app, host: '127.0.0.1', useTLS: false });

describe('channel signatures', () => {
  it('match the official SDK', () => {
    expect(signChannel(app.key, app.secret, '123.456', 'private-user.7')).toBe(sdk.authorizeChannel('123.456', 'private-user.7').auth);
  });

  it('verify only for the same socket, channel and secret', () => {
    const auth = signChannel(app.key, app.secret, '123.456', 'private-user.7');
    expect(verifyChannelAuth(app.key, app.secret, '123.456', 'private-user.7', auth)).toBe(true);
    expect(verifyChannelAuth(app.key, app.secret, '123.457', 'private-user.7', auth)).toBe(false);
    expect(verifyChannelAuth(app.key, app.secret, '123.456', 'private-user.8', auth)).toBe(false);
    expect(verifyChannelAuth(app.key, 'other-secret', '123.456', 'private-user.7', auth)).toBe(false);
    expect(verifyChannelAuth(app.key, app.secret, '123.456', 'private-user.7', auth.slice(0, -1))).toBe(false);
    expect(verifyChannelAuth(app.key, app.secret, '123.456', 'private-user.7', undefined)).toBe(false);
    expect(verifyChannelAuth(app.key, app.secret, '123.456', 'private-user.7', 42)).toBe(false);
  });

  it('safeEqual compares whole strings', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', 'a')).toBe(false);
  });
});

describe('API request signatures', () => {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const path = `/apps/${app.appId}/events`;
  const body = JSON.stringify({ name: 'e', channels: ['c'], data: '{}' });

  function signedBySdk(extra?: Record<string, string>) {
    return new URLSearchParams(sdk.createSignedQueryString({ method: 'POST', path, body, params: extra }));
  }
  const verify = (query: URLSearchParams, overrides: Partial<Parameters<typeof verifyRequest>[0]> = {}) =>
    verifyRequest({ key: app.key, secret: app.secret, method: 'POST', path, query, body, nowSeconds, ...overrides });

  it('accepts what the official SDK signs, extra parameters included', () => {
    expect(verify(signedBySdk())).toEqual({ ok: true });
    expect(verify(signedBySdk({ info: 'subscription_count' }))).toEqual({ ok: true });
  });

  it('computes the same signature as the SDK', () => {
    const query = signedBySdk();
    const params = Object.fromEntries(query);
    expect(signRequest(app.secret, 'POST', path, params)).toBe(params.auth_signature);
    expect(params.body_md5).toBe(md5Hex(body));
    expect(stringToSign('post', '/p', { b: '2', auth_signature: 'x', a: '1' })).toBe('POST\n/p\na=1&b=2');
  });

  it('refuses anything tampered with', () => {
    const tampered = (key: string, value: string) => {
      const q = signedBySdk();
      q.set(key, value);
      return verify(q);
    };
    expect(tampered('auth_signature', '0'.repeat(64))).toMatchObject({ ok: false, status: 401 });
    expect(tampered('auth_key', 'other-key')).toMatchObject({ ok: false, status: 401 });
    expect(tampered('auth_version', '2.0')).toMatchObject({ ok: false, status: 401 });
    expect(tampered('body_md5', md5Hex('{}'))).toMatchObject({ ok: false, status: 401 });
    expect(verify(signedBySdk(), { body: `${body} ` })).toMatchObject({ ok: false, status: 401 });
    expect(verify(signedBySdk(), { path: '/apps/4242/batch_events' })).toMatchObject({ ok: false, message: 'Invalid signature' });
    expect(verify(signedBySdk(), { secret: 'other-secret' })).toMatchObject({ ok: false, message: 'Invalid signature' });
    const withParam = signedBySdk({ info: 'subscription_count' });
    withParam.set('info', 'user_count');
    expect(verify(withParam)).toMatchObject({ ok: false, message: 'Invalid signature' });
  });

  it('allows 600 s of clock skew, no more', () => {
    const q = signedBySdk();
    expect(verify(q, { nowSeconds: nowSeconds + 600 })).toEqual({ ok: true });
    expect(verify(q, { nowSeconds: nowSeconds + 602 })).toMatchObject({ ok: false, status: 401, message: /Timestamp/ });
    expect(verify(q, { nowSeconds: nowSeconds - 602 })).toMatchObject({ ok: false, status: 401 });
  });
});

describe('protocol helpers', () => {
  it('encode data as a JSON string', () => {
    expect(JSON.parse(encodeFrame('e', { a: 1 }, 'c'))).toEqual({ event: 'e', channel: 'c', data: '{"a":1}' });
    expect(JSON.parse(encodeFrame('e', 'already encoded'))).toEqual({ event: 'e', data: 'already encoded' });
  });

  it('decode client frames with object or string data, and refuse malformed ones', () => {
    expect(decodeClientFrame('{"event":"pusher:subscribe","data":{"channel":"a"}}')).toEqual({
      ok: true,
      frame: { event: 'pusher:subscribe', channel: undefined, data: { channel: 'a' } },
    });
    expect(decodeClientFrame('{"event":"x","data":"{\\"n\\":1}"}')).toMatchObject({ ok: true, frame: { data: { n: 1 } } });
    for (const bad of ['{', '[]', 'null', '"x"', '{"data":{}}', '{"event":""}', '{"event":"x","channel":1}']) {
      expect(decodeClientFrame(bad).ok).toBe(false);
    }
  });

  it('know channel kinds and valid names', () => {
    expect(channelKind('news')).toBe('public');
    expect(channelKind('private-user.1')).toBe('private');
    expect(channelKind('private-encrypted-x')).toBe('encrypted');
    expect(channelKind('presence-room')).toBe('presence');
    expect(isValidChannelName('private-user.1')).toBe(true);
    expect(isValidChannelName('a b')).toBe(false);
    expect(isValidChannelName('')).toBe(false);
    expect(isValidChannelName('x'.repeat(201))).toBe(false);
  });

  it('accept protocol 5 to 7', () => {
    expect([null, '4', '5', '6', '7', '8', '7.0', 'x'].map(supportedProtocol)).toEqual([undefined, undefined, 5, 6, 7, undefined, undefined, undefined]);
  });
});
