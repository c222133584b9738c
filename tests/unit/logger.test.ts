import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { withLogContext } from '../../src/server/request-context.ts';

function sink() {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      out.push(String(chunk));
      done();
    },
  });
  return { out, stream };
}

describe('the server log', () => {
  it('is JSON by default and LOG_FORMAT=pretty makes it readable lines', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: 'memory://', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ DATA_DIR: 'memory://', LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);

    const json = sink();
    withLogContext({ job: 'deadline:7' }, () => createLogger('info', { destination: json.stream }).info('job done'));
    expect(JSON.parse(json.out.join(''))).toMatchObject({ level: 'info', msg: 'job done', job: 'deadline:7' });

    const pretty = sink();
    createLogger('info', { format: 'pretty', destination: pretty.stream }).info('Titipan is ready');
    const text = pretty.out.join('');
    expect(text).toMatch(/INFO.*Titipan is ready/);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('keeps an error to its type, message, code and stack, and blanks secret-named fields', () => {
    const { out, stream } = sink();
    const log = createLogger('debug', { destination: stream });
    const err = Object.assign(new Error('insert failed'), { code: '23505', params: ['hash-of-secret', 'token-xyz'] });
    log.error('saving failed', err);
    log.info('called', { password: 'hunter2', nested: { token: 'abc' }, ok: 1 });
    const [first, second] = out.join('').trim().split('\n').map((l) => JSON.parse(l));
    expect(first.err).toMatchObject({ type: 'Error', message: 'insert failed', code: '23505' });
    expect(JSON.stringify(first)).not.toContain('token-xyz');
    expect(second.extra).toEqual({ password: '[redacted]', nested: { token: '[redacted]' }, ok: 1 });
  });
});
