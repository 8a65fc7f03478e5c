/*
 * The studio's cancellation policy in words, from the owner's settings (GET /api/studio): the terms
 * page's "Política de cancelación". The server enforces the same figures.
 */
import type { StudioResponseDto } from '@/api/generated/model';
import { useQuery } from '@tanstack/react-query';
import { studioQueryOptions } from './studio-clock';

export type CancellationPolicy = Pick<
  StudioResponseDto,
  'cancelHours' | 'lateCancelReleases' | 'autoNoShows' | 'strikeRule'
>;

/** The first-start policy, until the server's answer arrives (or when it failed). */
export const DEFAULT_POLICY: CancellationPolicy = {
  cancelHours: 12,
  lateCancelReleases: true,
  autoNoShows: true,
  strikeRule: { enabled: false, count: 3, days: 30, blockDays: 7 },
};

/** Whether a client may release a place after the deadline ("Liberar lugar"), as Ajustes say now. */
export function useLateReleases(): boolean {
  return useQuery(studioQueryOptions).data?.lateCancelReleases ?? DEFAULT_POLICY.lateCancelReleases;
}

const hours = (n: number) => (n === 1 ? '1 hora' : `${n} horas`);
const days = (n: number) => (n === 1 ? '1 día' : `${n} días`);

/** The policy's sentences, in the order the terms page shows them. */
export function cancellationPolicySentences(policy: CancellationPolicy): string[] {
  const sentences = [
    policy.cancelHours === 0
      ? 'Puedes cancelar una reserva hasta que empiece la clase y la clase vuelve a tu plan.'
      : `Puedes cancelar una reserva hasta ${hours(policy.cancelHours)} antes de la clase y la clase vuelve a tu plan.`,
    policy.lateCancelReleases
      ? 'Después de ese plazo, y hasta que empiece la clase, puedes liberar tu lugar para que otra persona lo tome, pero la clase no vuelve a tu plan.'
      : 'Después de ese plazo ya no es posible cancelar y la clase se considera tomada.',
    policy.autoNoShows
      ? 'Si no llegas a una clase reservada, se registra como inasistencia (al pasar lista o al final del día) y la clase no vuelve a tu plan.'
      : 'Si no llegas a una clase reservada, el estudio la registra como inasistencia al pasar lista y la clase no vuelve a tu plan.',
  ];
  if (policy.strikeRule.enabled) {
    const { count, days: within, blockDays } = policy.strikeRule;
    sentences.push(
      `Si acumulas ${count} ${count === 1 ? 'inasistencia o cancelación tardía' : 'inasistencias o cancelaciones tardías'} en ${days(within)}, no podrás reservar en línea durante ${days(blockDays)}; te diremos hasta cuándo, y puedes escribirnos si crees que es un error.`,
    );
  }
  sentences.push(
    'El estudio puede cancelar una clase; en ese caso la clase vuelve a tu plan y te avisamos por correo.',
  );
  return sentences;
}
