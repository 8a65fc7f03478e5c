/*
 * /pilates/membresias?estado=past_due&pagina=2: the list's filter and page live in the URL (the
 * dashboard's «Membresías con pago pendiente» links here). A value that is not valid is dropped.
 */
import { MEMBERSHIP_STATUSES, type MembershipStatus } from './format';

export interface MembershipsSearch {
  estado?: MembershipStatus;
  pagina?: number;
}

const isStatus = (value: unknown): value is MembershipStatus =>
  typeof value === 'string' && (MEMBERSHIP_STATUSES as readonly string[]).includes(value);

export const membershipsSearchSchema = {
  parse: (search: { estado?: unknown; pagina?: unknown }): MembershipsSearch => {
    const value = search.pagina;
    const page =
      typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return {
      estado: isStatus(search.estado) ? search.estado : undefined,
      pagina: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
    };
  },
};
