// @ts-check
import { fileURLToPath } from 'node:url';
/** Registers `client:interaction` (src/integrations/interaction.ts): hydrate on the first pointer, focus or key event. */
export function interactionDirective() {
  return {
    name: 'titipan-interaction-directive',
    hooks: {
      /** @param {{ addClientDirective: (d: { name: string; entrypoint: string | URL }) => void }} params */
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) });
      },
    },
  };
}
