import { describe, expect, it } from 'vitest';
import { IslandHtmlCache } from '../../src/integrations/island-html-cache.ts';

describe('kept island HTML', () => {
  it('renders a key once, then answers from memory', () => {
    const cache = new IslandHtmlCache(10);
    let renders = 0;
    const render = () => `<header>${++renders}</header>`;
    expect(cache.get('a', render)).toBe('<header>1</header>');
    expect(cache.get('a', render)).toBe('<header>1</header>');
    expect(cache.get('b', render)).toBe('<header>2</header>');
    expect(renders).toBe(2);
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('drops the least recently used entry beyond its limit', () => {
    const cache = new IslandHtmlCache(2);
    cache.get('a', () => 'A');
    cache.get('b', () => 'B');
    cache.get('a', () => 'stale'); // a is now the most recent
    cache.get('c', () => 'C'); // b leaves
    expect(cache.size).toBe(2);
    expect(cache.get('a', () => 'new A')).toBe('A');
    expect(cache.get('b', () => 'new B')).toBe('new B');
  });

  it('keeps nothing with a limit of 0', () => {
    const cache = new IslandHtmlCache(0);
    cache.get('a', () => 'A');
    expect(cache.size).toBe(0);
    expect(cache.get('a', () => 'again')).toBe('again');
  });
});
