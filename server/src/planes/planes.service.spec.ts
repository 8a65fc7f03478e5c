import { planEndDate } from '@pilates/dates';
import { planesServiceOver } from '../testing/planes-service';
import { admin, client, testConfig } from '../testing/fakes';
import { InMemoryDatabase } from '../testing/in-memory-database';
import { InMemoryPlansRepository } from '../testing/in-memory-plans.repository';
import { chargeFor } from './pricing';

/** The catalogue and a client's plans against the in-memory plans repository (4% + $4 commission). */
function arrange() {
  const db = new InMemoryDatabase();
  const config = testConfig({ PAYMENT_COMMISSION_PERCENT: '4', PAYMENT_COMMISSION_FIXED_MXN: '4' });
  const service = planesServiceOver(new InMemoryPlansRepository(db), config);
  return { db, service };
}

describe('chargeFor', () => {
  it('should add the percentage and the fixed part, rounded to the centavo', () => {
    expect(chargeFor(1_500_00, 4, 4)).toEqual({ priceCents: 1_500_00, commissionCents: 64_00, totalCents: 1_564_00 });
    // 3.49% of $333.33 is $11.633…: 1,163.3 centavos, plus $4.
    expect(chargeFor(333_33, 3.49, 4)).toEqual({ priceCents: 333_33, commissionCents: 15_63, totalCents: 348_96 });
    expect(chargeFor(250_00, 0, 0)).toEqual({ priceCents: 250_00, commissionCents: 0, totalCents: 250_00 });
  });
});

describe('planEndDate (a paid plan covers one month)', () => {
  it('should end the day before the same day of the next month, clamped to a shorter month', () => {
    expect(planEndDate('2026-11-23')).toBe('2026-12-22');
    expect(planEndDate('2026-12-01')).toBe('2026-12-31');
    expect(planEndDate('2027-01-31')).toBe('2027-02-28');
    expect(planEndDate('2028-01-30')).toBe('2028-02-29');
  });
});

describe('PlanesService', () => {
  describe('visibleCatalogue', () => {
    it("should list only the visible plans, in the studio's order, each with its commission and total", async () => {
      const { db, service } = arrange();
      db.addPlan({ name: 'Ocho Clases', priceCents: 1_500_00, classCount: 8, sortOrder: 2 });
      db.addPlan({ name: 'Oculto', priceCents: 100_00, classCount: 1, sortOrder: 0, visible: false });
      db.addPlan({ name: 'Una Clase', priceCents: 250_00, classCount: 1, sortOrder: 1 });
      expect(await service.visibleCatalogue()).toEqual([
        {
          id: 3,
          name: 'Una Clase',
          price: 250,
          classes: 1,
          commission: 14,
          total: 264,
          intro: false,
          kind: 'pack',
          weeklyLimit: null,
          dailyLimit: null,
          classTypes: [],
        },
        {
          id: 1,
          name: 'Ocho Clases',
          price: 1500,
          classes: 8,
          commission: 64,
          total: 1564,
          intro: false,
          kind: 'pack',
          weeklyLimit: null,
          dailyLimit: null,
          classTypes: [],
        },
      ]);
    });
  });

  describe('plansOf', () => {
    it("should list a client's plans newest first with classes left and whether each was revoked, a page at a time", async () => {
      const { db, service } = arrange();
      const ana = db.addUser({ name: 'Ana' });
      const other = db.addUser({ name: 'Beto' });
      db.addUserPlan({
        userId: ana.id,
        classesTotal: 8,
        classesRemaining: 3,
        startDate: '2026-10-01',
        endDate: '2026-10-31',
      });
      db.addUserPlan({ userId: other.id, startDate: '2026-11-01', endDate: '2026-11-30' });
      db.addUserPlan({
        userId: ana.id,
        planName: 'Una Clase',
        classesTotal: 1,
        classesRemaining: 1,
        startDate: '2026-11-23',
        endDate: '2026-12-22',
        isPaid: false,
        revokedAt: new Date('2026-11-24T00:00:00Z'),
      });

      const page = await service.plansOf(client(ana.id), { limit: 1 });
      expect(page).toEqual({
        planes: [
          {
            id: 3,
            plan: 'Una Clase',
            classes_remaining: 1,
            classes_total: 1,
            startDate: '2026-11-23',
            endDate: '2026-12-22',
            is_paid: 0,
            revoked: true,
            membership: false,
          },
        ],
        pagination: { currentPage: 1, totalPages: 2, totalRecords: 2 },
      });
      const second = await service.plansOf(client(ana.id), { limit: 1, pagination: 2 });
      expect(second.planes.map((p) => [p.id, p.classes_remaining, p.is_paid, p.revoked])).toEqual([[1, 3, 1, false]]);
    });

    it("should refuse another user's plans to a client and show them to someone who may read users", async () => {
      const { db, service } = arrange();
      const ana = db.addUser();
      const beto = db.addUser();
      const studio = db.addUser();
      db.addUserPlan({ userId: beto.id, startDate: '2026-11-01', endDate: '2026-11-30' });
      await expect(service.plansOf(client(ana.id), { id: beto.id })).rejects.toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
      });
      expect((await service.plansOf(admin(studio.id), { id: beto.id })).planes).toHaveLength(1);
    });
  });
});
