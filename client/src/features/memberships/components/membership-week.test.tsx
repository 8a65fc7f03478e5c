import '@/components/ui/test-polyfills';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@/test/page-test-utils';
import { membershipCovers, MembershipWeekLine } from './membership-week';
import { activeMembership } from './test-data';

describe('MembershipWeekLine', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("should count this week's classes of a weekly membership", async () => {
    stubApi({});
    renderPage(
      <MembershipWeekLine
        membership={activeMembership({ week: { start: '2026-11-23', end: '2026-11-29', used: 3, limit: 3 } })}
      />,
    );
    expect(await screen.findByText('3 de 3 esta semana')).toBeInTheDocument();
    expect(screen.getByText(/puedes reservar hasta el 26 de enero de 2027/)).toBeInTheDocument();
  });

  it('should say the daily cap of an unlimited membership', async () => {
    stubApi({});
    renderPage(
      <MembershipWeekLine
        membership={activeMembership({
          weeklyLimit: null,
          week: { start: '2026-11-23', end: '2026-11-29', used: 4, limit: null },
        })}
      />,
    );
    expect(await screen.findByText('Ilimitado: 1 clase al día')).toBeInTheDocument();
  });
});

describe('membershipCovers', () => {
  it('should cover the days up to bookableUntil of a paid membership, and none of one not started', () => {
    const membership = activeMembership();
    expect(membershipCovers(membership, '2027-01-26')).toBe(true);
    expect(membershipCovers(membership, '2027-01-27')).toBe(false);
    expect(membershipCovers(activeMembership({ status: 'pending', bookableUntil: null }), '2026-12-01')).toBe(false);
  });
});
