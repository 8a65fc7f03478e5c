/*
 * Search params of /pilates/planes: `?comprar=<plan id>` opens that plan's purchase (where a guest's
 * "Comprar" comes back to after logging in). Written without zod, like the other route schemas.
 */
export interface PlansSearch {
  comprar?: number;
}

export const plansSearchSchema = {
  parse: (search: { comprar?: unknown }): PlansSearch => {
    const id = typeof search.comprar === 'string' ? Number(search.comprar) : search.comprar;
    return { comprar: typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined };
  },
};
