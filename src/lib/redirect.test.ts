import { describe, expect, it } from 'vitest';
import { AFTER_LOGIN_PATH, safeRedirect, withRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeRedirect('/dashboard/trip')).toBe('/dashboard/trip');
    expect(safeRedirect('/dashboard/chat?room=12#end')).toBe('/dashboard/chat?room=12#end');
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['dashboard'],
    ['https://evil.example/'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['/\tdashboard'],
    ['/' + 'a'.repeat(2048)],
  ])('sends %j to the purchases dashboard', (value) => {
    expect(safeRedirect(value)).toBe(AFTER_LOGIN_PATH);
  });
});

describe('withRedirect', () => {
  it('carries a safe target along, encoded', () => {
    expect(withRedirect('/register', '/dashboard/trip')).toBe('/register?redirect=%2Fdashboard%2Ftrip');
  });
  it('drops a missing or foreign target', () => {
    expect(withRedirect('/login', null)).toBe('/login');
    expect(withRedirect('/login', '//evil.example')).toBe('/login');
  });
});
