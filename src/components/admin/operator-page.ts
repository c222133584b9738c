import type { AstroGlobal } from 'astro';

/**
 * Every /admin page starts here: the signed-in operator, or a 404 Response for anyone else
 * (guests included — the console does not announce itself).
 */
export async function operatorPage(Astro: AstroGlobal) {
  const { user, site } = Astro.locals;
  if (!user || !(await site.isOperator(user.id))) return Astro.rewrite('/404');
  return user;
}
