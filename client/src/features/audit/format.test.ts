import { describe, expect, it } from 'vitest';
import { auditChanges, changeText, formatAuditDateTime, formatValue, nameOfUser, subjectLabel } from './format';
import { auditSearchSchema } from './search';

const texts = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  auditChanges({ before, after }).map(changeText);

describe('audit format', () => {
  it('should show the time in the studio time zone, whatever the machine zone', () => {
    // 15:15 UTC is 9:15 in Mexico City (UTC−6, no daylight saving time).
    expect(formatAuditDateTime('2026-11-23T15:15:00.000Z')).toBe('23 nov 2026, 9:15 AM');
    // Past midnight UTC, still the previous evening at the studio.
    expect(formatAuditDateTime('2026-11-24T02:05:00.000Z')).toBe('23 nov 2026, 8:05 PM');
  });

  it('should translate field names and values, before → after', () => {
    expect(texts({ role: 'user', active: true }, { role: 'admin', active: false })).toEqual([
      'Rol: Usuario → Administrador',
      'Activo: Sí → No',
    ]);
    expect(
      texts(
        { is_paid: 0, classes_remaining: 8, endDate: '2026-12-01' },
        { is_paid: 1, classes_remaining: 10, endDate: '2026-12-15' },
      ),
    ).toEqual([
      'Pagado: No → Sí',
      'Clases restantes: 8 → 10',
      'Fecha de término: 1 de diciembre de 2026 → 15 de diciembre de 2026',
    ]);
    expect(texts({ price: 1500, visible: true }, { price: 1750.5, visible: false })).toEqual([
      'Precio (MXN): $1,500.00 → $1,750.50',
      'Visible: Sí → No',
    ]);
    expect(
      texts(
        { startTime: '07:00', weekday: 1, instructor: null },
        { startTime: '18:30', weekday: 6, instructor: 'Ana' },
      ),
    ).toEqual(['Hora: 7:00 AM → 6:30 PM', 'Día: Lunes → Sábado', 'Instructor: — → Ana']);
  });

  it('should show a single value for a field recorded on one side only, and unknown fields as they are', () => {
    expect(
      texts(
        { status: 'scheduled', date: '2026-11-23', time: '07:00' },
        { status: 'cancelled', cancelledReservations: 2 },
      ),
    ).toEqual([
      'Estado: Programada → Cancelada',
      'Fecha: 23 de noviembre de 2026',
      'Hora: 7:00 AM',
      'Reservas canceladas: 2',
    ]);
    expect(texts(null, { name: 'Ana López', cumpleanos: '1990-05-17', extra: 'x' })).toEqual([
      'Nombre: Ana López',
      'Fecha de nacimiento: 17 de mayo de 1990',
      'extra: x',
    ]);
    expect(texts(null, null)).toEqual([]);
    expect(formatValue('name', null)).toBe('—');
  });

  it('should name what an entry is about in words, never by an internal number', () => {
    const entry = (entityType: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
      subjectLabel({ subject: null, entityType, entityId: '12', before, after });
    expect(
      subjectLabel({
        subject: { id: 4, name: 'Ana López' },
        entityType: 'user_plan',
        entityId: '9',
        before: null,
        after: null,
      }),
    ).toBe('Ana López');
    expect(entry('class', { status: 'scheduled', date: '2026-03-02', time: '08:00' }, { status: 'cancelled' })).toBe(
      'Clase del lunes 2 de marzo de 2026, 8:00 AM',
    );
    expect(entry('schedule', { active: true, weekday: 1, startTime: '07:00' }, { active: false })).toBe(
      'Clase del horario: lunes, 7:00 AM',
    );
    expect(entry('plan', { visible: true, name: 'Ocho Clases' }, { visible: false })).toBe('Plan «Ocho Clases»');
    // Entries written before the context was recorded.
    expect(entry('schedule', { active: true }, { active: false })).toBe('Una clase del horario');
    expect(entry('plan', { visible: true }, { visible: false })).toBe('Un plan del catálogo');
    expect(entry('class', null, null)).toBe('Una clase');
  });

  it('should write a refund in words: the payment state once when it did not change, the folio and the amounts', () => {
    expect(
      texts(
        { status: 'approved', refunded: 0 },
        { status: 'approved', refunded: 300, requested: 300, providerPaymentId: '123456789' },
      ),
    ).toEqual([
      'Estado: Pago aprobado',
      'Reembolsado: $0.00 → $300.00',
      'Reembolso pedido: $300.00',
      'Folio de Mercado Pago: 123456789',
    ]);
    expect(texts({ status: 'approved' }, { status: 'refunded', requested: 'total' })).toEqual([
      'Estado: Pago aprobado → Pago reembolsado',
      'Reembolso pedido: El pago completo',
    ]);
    expect(texts({ attended: null }, { attended: true })).toEqual(['Asistencia: Sin marcar → Asistió']);
    expect(texts(null, { userPlanId: null, paidAtStudio: true })).toEqual([
      'Plan usado: Ninguno: paga en el estudio',
      'Paga en el estudio: Sí',
    ]);
  });

  it('should find the filtered user name among subjects and actors', () => {
    const base = {
      id: 1,
      createdAt: '',
      action: 'plan.update',
      actionLabel: '',
      entityType: 'plan',
      entityId: '3',
      before: null,
      after: null,
    } as const;
    expect(nameOfUser([{ ...base, actor: { id: 1, name: 'Admin' }, subject: null }], 1)).toBe('Admin');
    expect(nameOfUser([{ ...base, actor: { id: 1, name: 'Admin' }, subject: { id: 5, name: 'Ana' } }], 5)).toBe('Ana');
    expect(nameOfUser([], 5)).toBeUndefined();
  });

  it('should keep only a positive whole user id from the URL', () => {
    const usuario = (value: unknown) => auditSearchSchema.parse({ usuario: value }).usuario;
    expect(usuario(12)).toBe(12);
    expect(usuario('12')).toBe(12);
    expect(usuario(0)).toBeUndefined();
    expect(usuario(-3)).toBeUndefined();
    expect(usuario(1.5)).toBeUndefined();
    expect(usuario('abc')).toBeUndefined();
    expect(usuario('')).toBeUndefined();
    expect(usuario(undefined)).toBeUndefined();
    expect(auditSearchSchema.parse({}).usuario).toBeUndefined();
  });
});
