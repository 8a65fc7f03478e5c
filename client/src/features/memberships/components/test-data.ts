import type { MembershipDto } from '@/api/generated/model';

/** A paid "3 por semana" membership, as the membership call answers it. */
export const activeMembership = (overrides: Partial<MembershipDto> = {}): MembershipDto => ({
  id: 7,
  planName: '3 por semana',
  weeklyLimit: 3,
  dailyLimit: 1,
  status: 'active',
  totalCents: 120000,
  paidThrough: '2026-12-26',
  bookableUntil: '2027-01-26',
  cancelsOn: null,
  pastDueSince: null,
  bookingBlockedFrom: null,
  pauses: [],
  pauseDaysLeftThisYear: 30,
  updateCardUrl: null,
  week: { start: '2026-11-23', end: '2026-11-29', used: 2, limit: 3 },
  ...overrides,
});
