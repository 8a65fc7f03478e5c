/*
 * Search params of /pilates/cuenta. Kept apart from the form rules and written without zod: a
 * route's validateSearch loads with the app (every page's first script), the forms' rules only with
 * their pages.
 */
export interface AccountSearch {
  redirect?: string;
}

/** Where to go back after logging in. Only paths of the site are kept (never another origin). */
export const accountSearchSchema = {
  parse: (search: { redirect?: unknown }): AccountSearch => {
    const path = search.redirect;
    return { redirect: typeof path === 'string' && path.startsWith('/pilates') ? path : undefined };
  },
};

/**
 * Why a guest was sent to log in, from where they go back to: booking a class, buying a plan, or
 * any other page that needs a session. Nothing when they came by themselves.
 */
export function loginReason(redirect: string | undefined): string | null {
  if (redirect === undefined) return null;
  const { pathname, searchParams } = new URL(redirect, 'http://sitio.local');
  if (pathname === '/pilates/reservar') return 'Inicia sesión para reservar tu clase.';
  if (pathname === '/pilates/planes' && searchParams.has('comprar')) return 'Inicia sesión para comprar tu plan.';
  return 'Inicia sesión para continuar.';
}
