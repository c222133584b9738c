export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or key event (src/integrations/interaction.ts); the value names a sessionStorage key that makes it hydrate at once. */
    'client:interaction'?: boolean | string;
  }
}
