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
