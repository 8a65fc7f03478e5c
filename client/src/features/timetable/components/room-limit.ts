import { useGetSala } from '@/api/generated/reservations/reservations';

/**
 * The reformers in service (GET /api/reservations/sala, the room clients book in), or undefined
 * until known or when it cannot be read: a class sells at most that many places, whatever its
 * capacity in the timetable (the server's class_sessions.capacity).
 */
export function useRoomReformers(): number | undefined {
  return useGetSala({ query: { staleTime: 5 * 60_000 } }).data?.spots.length;
}

/** "La sala tiene 8 reformers: se venden 8 lugares", when the capacity is more than the room sells; null otherwise. */
export function roomLimitHint(capacity: number, reformers: number | undefined): string | null {
  if (reformers === undefined || !Number.isInteger(capacity) || capacity <= reformers) return null;
  if (reformers === 0) return 'La sala no tiene reformers en servicio: no se vende ningún lugar';
  return reformers === 1
    ? 'La sala tiene 1 reformer: se vende 1 lugar'
    : `La sala tiene ${reformers} reformers: se venden ${reformers} lugares`;
}
