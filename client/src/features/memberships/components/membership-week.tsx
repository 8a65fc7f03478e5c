import { formatLongDate, mondayOf } from '@pilates/dates';
import { CalendarCheck } from 'lucide-react';
import { useGetMembership } from '@/api/generated/informacion/informacion';
import type { MembershipDto } from '@/api/generated/model';
import { weekUsageLabel } from '../format';

/**
 * The client's membership for the studio week of `date` (asked by the week's Monday, so moving
 * between the days of one week asks once). Booking or cancelling marks it stale.
 */
export function useMembershipOfWeek(date: string): { membership: MembershipDto | null; isPending: boolean } {
  const query = useGetMembership({ date: mondayOf(date) }, { query: { staleTime: 30_000 } });
  return { membership: query.data?.membership ?? null, isPending: query.isPending };
}

/** The membership books on `date`: paid (or past due within grace, decided by the server) and within its horizon. */
export function membershipCovers(membership: MembershipDto, date: string): boolean {
  return membership.status !== 'pending' && membership.bookableUntil !== null && date <= membership.bookableUntil;
}

/** Above the calendar: 'Reservas con tu membresía 3 por semana: 2 de 3 esta semana.' */
export function MembershipWeekLine({ membership }: { membership: MembershipDto }) {
  return (
    <div
      aria-live="polite"
      className="mb-6 flex items-start gap-3 rounded-card border border-line bg-surface px-4 py-3 text-sm text-ink shadow-soft"
    >
      <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
      <p>
        Reservas con tu membresía <strong className="font-semibold">{membership.planName}</strong>:{' '}
        <strong className="font-semibold figures">{weekUsageLabel(membership.week, membership.dailyLimit)}</strong>
        {membership.bookableUntil ? `, puedes reservar hasta el ${formatLongDate(membership.bookableUntil)}` : ''}.
      </p>
    </div>
  );
}
