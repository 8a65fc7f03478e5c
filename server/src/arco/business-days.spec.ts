import { addBusinessDays, businessDaysLeft, isBusinessDay, mexicanHolidays } from './business-days';

describe('Mexican business days (LFT art. 74) for the ARCO deadline', () => {
  it('should list the fixed days and the moving Mondays of 2026', () => {
    expect(mexicanHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-02-02', // first Monday of February
      '2026-03-16', // third Monday of March
      '2026-05-01',
      '2026-09-16',
      '2026-11-16', // third Monday of November
      '2026-12-25',
    ]);
  });

  it('should move the Mondays with the calendar (2025 and 2027)', () => {
    expect(mexicanHolidays(2025)).toEqual(expect.arrayContaining(['2025-02-03', '2025-03-17', '2025-11-17']));
    expect(mexicanHolidays(2027)).toEqual(expect.arrayContaining(['2027-02-01', '2027-03-15', '2027-11-15']));
    expect(mexicanHolidays(2027)).not.toContain('2027-02-05');
  });

  it('should add 1 October only in a year the federal executive changes hands (2024, 2030), 1 December before 2024', () => {
    expect(mexicanHolidays(2024)).toContain('2024-10-01');
    expect(mexicanHolidays(2030)).toContain('2030-10-01');
    expect(mexicanHolidays(2026)).not.toContain('2026-10-01');
    expect(mexicanHolidays(2018)).toContain('2018-12-01');
    expect(mexicanHolidays(2024)).not.toContain('2024-12-01');
  });

  it("should not count weekends, holidays nor the studio's extra days", () => {
    expect(isBusinessDay('2026-11-27')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-16')).toBe(false); // Revolution day, moved to Monday
    expect(isBusinessDay('2026-11-20')).toBe(true); // the historical date is a working day
    expect(isBusinessDay('2026-06-07', new Set(['2026-06-07']))).toBe(false);
    expect(isBusinessDay('2026-06-08', new Set(['2026-06-08']))).toBe(false);
  });

  it('should give 20 business days across weekends and Christmas', () => {
    // Friday 27 November 2026: four full weeks, less 25 December.
    expect(addBusinessDays('2026-11-27', 20)).toBe('2026-12-28');
  });

  it('should skip the third Monday of November', () => {
    expect(addBusinessDays('2026-11-09', 20)).toBe('2026-12-08');
  });

  it('should cross the year over 25 December and 1 January', () => {
    expect(addBusinessDays('2026-12-14', 20)).toBe('2027-01-13');
  });

  it('should skip the first Monday of February', () => {
    expect(addBusinessDays('2027-01-25', 20)).toBe('2027-02-23');
  });

  it('should start counting on the next business day when received on a weekend', () => {
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-29', 20)).toBe('2026-12-28');
  });

  it('should count the business days left, 0 on the due day and negative once overdue', () => {
    expect(businessDaysLeft('2026-11-27', '2026-12-28')).toBe(20);
    expect(businessDaysLeft('2026-12-24', '2026-12-28')).toBe(1);
    expect(businessDaysLeft('2026-12-28', '2026-12-28')).toBe(0);
    expect(businessDaysLeft('2026-12-29', '2026-12-28')).toBe(-1);
    // Overdue across a weekend: Monday 4 January 2027 is the fourth business day after 28 December (1 January does not count).
    expect(businessDaysLeft('2027-01-04', '2026-12-28')).toBe(-4);
  });
});
