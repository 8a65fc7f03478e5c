/*
 * Search params of /pilates/cuenta. Kept apart from the form rules and written with zod/mini:
 * a route's validateSearch loads with the app, the forms' rules only with their pages.
 */
import * as z from 'zod/mini';

/** Where to go back after logging in. Only paths of the site are kept (never another origin). */
export const accountSearchSchema = z.object({
  redirect: z.pipe(
    z.catch(z.optional(z.string()), undefined),
    z.transform((path) => (path?.startsWith('/pilates') ? path : undefined)),
  ),
});
export type AccountSearch = z.output<typeof accountSearchSchema>;
