import { plainToInstance } from 'class-transformer';
import { planesServiceOver } from '../testing/planes-service';
import { validateSync } from 'class-validator';
import { AuthError, AuthErrorCode } from '../auth/auth.errors';
import type { User } from '../auth/entities/user.entity';
import type { UsersService } from '../auth/users.service';
import type { AuditService } from '../core/audit/audit.service';
import type { TransactionService } from '../core/database/transaction.service';
import { admin, InMemoryTransactions, RecordingAudit, testConfig } from '../testing/fakes';
import { InMemoryDatabase } from '../testing/in-memory-database';
import { InMemoryPlansRepository } from '../testing/in-memory-plans.repository';
import { fakeClassTypes } from '../testing/fake-class-types';
import { AdminPlansService } from './admin-plans.service';
import { AddCatalogPlanDto, ChangeCatalogPlanDto } from './dto/admin-plans.dto';

/** The admin's plan tools against the in-memory plans repository. */
function arrange() {
  const db = new InMemoryDatabase();
  const users: Pick<UsersService, 'getById'> = {
    getById: (id) => {
      const user = db.users.find((u) => u.id === id);
      return user
        ? Promise.resolve(user as unknown as User)
        : Promise.reject(new AuthError(AuthErrorCode.USER_NOT_FOUND));
    },
  };
  const service = new AdminPlansService(
    planesServiceOver(new InMemoryPlansRepository(db), testConfig()),
    new InMemoryTransactions(db) as unknown as TransactionService,
    users as UsersService,
    new RecordingAudit(db) as unknown as AuditService,
    fakeClassTypes(db),
  );
  const studio = admin(db.addUser({ name: 'Estudio' }).id);
  const ana = db.addUser({ name: 'Ana' });
  const ocho = db.addPlan({ name: 'Ocho Clases', priceCents: 1_500_00, classCount: 8 });
  return { db, service, studio, ana, ocho };
}

/** What the global ValidationPipe would answer for a body, field by field (empty: accepted). */
const refusals = (dto: new () => object, body: object) =>
  Object.fromEntries(
    validateSync(plainToInstance(dto, body)).map((error) => [error.property, Object.values(error.constraints ?? {})]),
  );

describe('AdminPlansService', () => {
  describe('the catalogue', () => {
    it('should accept only a price above 0 with at most two decimals, and 1 to 100 classes', () => {
      const price = 'El precio debe ser un número mayor que 0 con hasta dos decimales';
      expect(refusals(AddCatalogPlanDto, { name: 'Diez', price: 1700.5, classes: 10 })).toEqual({});
      expect(refusals(AddCatalogPlanDto, { name: 'Diez', price: 0, classes: 10 }).price).toContain(price);
      expect(refusals(AddCatalogPlanDto, { name: 'Diez', price: -5, classes: 10 }).price).toContain(price);
      expect(refusals(AddCatalogPlanDto, { name: 'Diez', price: 10.001, classes: 10 }).price).toContain(price);
      expect(refusals(AddCatalogPlanDto, { name: 'Diez', price: 100, classes: 0 })).toHaveProperty('classes');
      expect(refusals(ChangeCatalogPlanDto, { id: 1, price: 0 }).price).toContain(price);
      expect(refusals(ChangeCatalogPlanDto, { id: 1 })).toEqual({});
    });

    it('should add a plan at the end of the catalogue, visible, its price in centavos, audited', async () => {
      const { db, service, studio } = arrange();
      const plan = await service.addToCatalogue(studio, { name: 'Diez Clases', price: 1700.1, classes: 10 });
      expect(db.plans.map((p) => [p.name, p.priceCents, p.classCount, p.visible, p.sortOrder])).toEqual([
        ['Ocho Clases', 1_500_00, 8, true, 1],
        ['Diez Clases', 1_700_10, 10, true, 2],
      ]);
      expect(db.audit).toEqual([
        expect.objectContaining({
          action: 'plan.create',
          entityId: plan.id,
          after: {
            id: plan.id,
            name: 'Diez Clases',
            price: 1700.1,
            classes: 10,
            visible: true,
            intro: false,
            planKind: 'pack',
            weeklyLimit: null,
            classTypes: '',
          },
        }),
      ]);
    });

    it('should change name, price and classes, auditing only what changed; plans already given keep theirs', async () => {
      const { db, service, studio, ana, ocho } = arrange();
      const given = db.addUserPlan({ userId: ana.id, planId: ocho.id, startDate: '2026-11-01', endDate: '2026-11-30' });
      await service.changeInCatalogue(studio, { id: ocho.id, price: 1600, classes: 8 });
      expect(db.plans[0]).toMatchObject({ name: 'Ocho Clases', priceCents: 1_600_00, classCount: 8 });
      expect(db.audit).toEqual([
        expect.objectContaining({
          action: 'plan.update',
          before: { name: 'Ocho Clases', price: 1500 },
          after: { price: 1600 },
        }),
      ]);
      await service.changeInCatalogue(studio, { id: ocho.id, name: 'Nueve Clases', classes: 9 });
      expect(db.userPlan(given.id)).toMatchObject({ planName: 'Ocho Clases', classesTotal: 8 });

      await service.changeInCatalogue(studio, { id: ocho.id, price: 1600 });
      expect(db.audit).toHaveLength(2);
      await expect(service.changeInCatalogue(studio, { id: 99, price: 1 })).rejects.toMatchObject({
        code: 'PLAN_NOT_FOUND',
        status: 404,
      });
    });

    it('should limit a plan to class types, audited by name; a plan sold before keeps its own list', async () => {
      const { db, service, studio, ana, ocho } = arrange();
      const prenatal = db.addClassType({ name: 'Prenatal', level: 'prenatal' });
      const soldBefore = await service.giveToUser(studio, {
        id_user: ana.id,
        selectplan: ocho.id,
        number: 8,
        startdate: '2026-11-01',
        enddate: '2026-11-30',
        pagado: 1,
      });
      const changed = await service.changeInCatalogue(studio, { id: ocho.id, classTypeIds: [prenatal.id] });
      expect(changed.classTypes).toEqual([{ id: prenatal.id, name: 'Prenatal' }]);
      expect(db.audit.at(-1)).toMatchObject({
        action: 'plan.update',
        before: { name: 'Ocho Clases', classTypes: '' },
        after: { classTypes: 'Prenatal' },
      });
      const soldAfter = await service.giveToUser(studio, {
        id_user: ana.id,
        selectplan: ocho.id,
        number: 8,
        startdate: '2026-11-01',
        enddate: '2026-11-30',
        pagado: 1,
      });
      // Back to every type in the catalogue: the plan sold meanwhile stays a prenatal pack.
      await service.changeInCatalogue(studio, { id: ocho.id, classTypeIds: [] });
      expect((await service.catalogue())[0].classTypes).toEqual([]);
      const limits = (id: number) => db.userPlanClassTypes.filter((l) => l.ownerId === id).map((l) => l.classTypeId);
      expect(limits(soldBefore.plan.id)).toEqual([]);
      expect(limits(soldAfter.plan.id)).toEqual([prenatal.id]);
      await expect(service.changeInCatalogue(studio, { id: ocho.id, classTypeIds: [99] })).rejects.toMatchObject({
        code: 'CLASS_TYPE_NOT_AVAILABLE',
        status: 400,
      });
    });

    it('should hide a plan and show it again, each once, audited; the admin still sees it', async () => {
      const { db, service, studio, ocho } = arrange();
      expect(await service.setVisible(studio, ocho.id, false)).toMatchObject({ visible: false });
      await service.setVisible(studio, ocho.id, false);
      expect(db.plans[0].visible).toBe(false);
      expect((await service.catalogue()).map((p) => [p.name, p.visible])).toEqual([['Ocho Clases', false]]);
      await service.setVisible(studio, ocho.id, true);
      expect(db.audit.map((a) => [a.action, a.before, a.after])).toEqual([
        ['plan.hide', { visible: true, name: 'Ocho Clases' }, { visible: false }],
        ['plan.show', { visible: false, name: 'Ocho Clases' }, { visible: true }],
      ]);
    });
  });

  describe("users' plans", () => {
    it('should give a user a plan of the catalogue, hidden or not, with the dates and classes given, audited', async () => {
      const { db, service, studio, ana, ocho } = arrange();
      db.plans[0].visible = false;
      const { plan } = await service.giveToUser(studio, {
        id_user: ana.id,
        selectplan: ocho.id,
        number: 5,
        startdate: '2026-11-23',
        enddate: '2026-12-22',
        pagado: 1,
      });
      expect(db.userPlan(plan.id)).toMatchObject({
        userId: ana.id,
        planId: ocho.id,
        planName: 'Ocho Clases',
        // What the client started with is never below the catalogue's classes: "used" stays >= 0.
        classesTotal: 8,
        classesRemaining: 5,
        isPaid: true,
        source: 'admin',
        revokedAt: null,
      });
      expect(db.audit).toEqual([
        expect.objectContaining({ action: 'user_plan.create', subjectUserId: ana.id, entityId: plan.id }),
      ]);
      await expect(
        service.giveToUser(studio, {
          id_user: ana.id,
          selectplan: 99,
          number: 1,
          startdate: '2026-11-23',
          enddate: '2026-12-22',
          pagado: 0,
        }),
      ).rejects.toMatchObject({ code: 'PLAN_NOT_FOUND' });
      expect(db.userPlans).toHaveLength(1);
    });

    it('should change classes left, dates and the paid flag, keeping the dates in order', async () => {
      const { db, service, studio, ana } = arrange();
      const given = db.addUserPlan({
        userId: ana.id,
        classesTotal: 8,
        classesRemaining: 2,
        startDate: '2026-11-01',
        endDate: '2026-11-30',
      });
      await service.changeUserPlan(studio, { id_plan: given.id, clases: 10, dateEnd: '2026-12-15', paid: 0 });
      expect(db.userPlan(given.id)).toMatchObject({
        classesRemaining: 10,
        classesTotal: 10,
        endDate: '2026-12-15',
        isPaid: false,
      });
      expect(db.audit.at(-1)).toMatchObject({
        action: 'user_plan.update',
        before: { classes_remaining: 2, endDate: '2026-11-30', is_paid: 1 },
        after: { classes_remaining: 10, endDate: '2026-12-15', is_paid: 0 },
      });

      await expect(service.changeUserPlan(studio, { id_plan: given.id, dateInit: '2026-12-16' })).rejects.toMatchObject(
        {
          code: 'VALIDATION_ERROR',
          error: { dateInit: ['La fecha de inicio debe ser igual o anterior a la de término'] },
        },
      );
      await expect(service.changeUserPlan(studio, { id_plan: given.id, dateEnd: '2026-10-31' })).rejects.toMatchObject({
        error: { dateEnd: ['La fecha de término debe ser igual o posterior a la de inicio'] },
      });
      expect(db.userPlan(given.id)).toMatchObject({ startDate: '2026-11-01', endDate: '2026-12-15' });
      await expect(service.changeUserPlan(studio, { id_plan: 99 })).rejects.toMatchObject({
        code: 'USER_PLAN_NOT_FOUND',
      });
    });
  });
});
