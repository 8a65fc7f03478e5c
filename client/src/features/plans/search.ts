/*
 * Search params of /pilates/planes: `?comprar=<plan id>` opens that plan's purchase, `?suscribir=<plan
 * id>` that membership's subscription (where a guest's "Comprar" or «Suscribirme» comes back to after
 * logging in). Written without zod, like the other route schemas.
 */
export interface PlansSearch {
  comprar?: number;
  suscribir?: number;
}

const planId = (value: unknown): number | undefined => {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

export const plansSearchSchema = {
  parse: (search: { comprar?: unknown; suscribir?: unknown }): PlansSearch => ({
    comprar: planId(search.comprar),
    suscribir: planId(search.suscribir),
  }),
};
