export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or key event (src/integrations/interaction.ts); `"within"`: on an interaction inside the island; `"now"`: at once, a click while it loads replayed; any other value names a sessionStorage key that makes it hydrate at once. */
    'client:interaction'?: boolean | string;
  }
}
