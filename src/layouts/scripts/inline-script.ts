/**
 * What an `is:inline` script ships: its source without whole-line comments. astro.config.mjs
 * hashes the same output for the Content-Security-Policy, so the two cannot drift apart.
 */
export const inlineScript = (source: string): string => source.replace(/^\s*\/\/.*\n/gm, '');
