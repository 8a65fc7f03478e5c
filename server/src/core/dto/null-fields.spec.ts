import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DECORATORS } from '@nestjs/swagger/dist/constants';
import { getMetadataStorage } from 'class-validator';
import { DomainError } from '../errors/api-error';
import { apiValidationPipe } from '../http/validation-pipe';
import { isClearable } from './null-fields';

type DtoClass = abstract new (...args: never[]) => unknown;

/** Every class exported by the app's `*.dto.ts` files that class-validator checks, with its checked properties. */
function validatedDtos(): { cls: DtoClass; properties: string[] }[] {
  const root = join(__dirname, '../..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.dto.ts'));
  const found = new Map<DtoClass, string[]>();
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(join(root, file)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (typeof value !== 'function') continue;
      const rules = getMetadataStorage().getTargetValidationMetadatas(value, '', false, false);
      if (rules.length > 0) found.set(value as DtoClass, [...new Set(rules.map((rule) => rule.propertyName))]);
    }
  }
  return [...found].map(([cls, properties]) => ({ cls, properties }));
}

/** The field → messages the global pipe answers for a body, or {} when it lets the body through. */
async function refusals(cls: DtoClass, body: Record<string, unknown>): Promise<Record<string, string[]>> {
  try {
    await apiValidationPipe().transform(body, { type: 'body', metatype: cls as never, data: '' });
    return {};
  } catch (error) {
    if (error instanceof DomainError && typeof error.error === 'object' && !Array.isArray(error.error)) {
      return error.error as Record<string, string[]>;
    }
    throw error;
  }
}

const swaggerNullable = (cls: DtoClass, property: string): boolean =>
  (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, cls.prototype as object, property) as { nullable?: boolean })
    ?.nullable === true;

describe('null in a request field (the global pipe)', () => {
  const dtos = validatedDtos();

  it('should find the request DTOs', () => {
    expect(dtos.length).toBeGreaterThan(30);
  });

  it('should refuse null in every field that is not marked @Clearable(), required or optional, with a Spanish message', async () => {
    const accepted: string[] = [];
    for (const { cls, properties } of dtos) {
      for (const property of properties) {
        if (isClearable(cls, property)) continue;
        const errors = await refusals(cls, { [property]: null });
        const messages = errors[property] ?? [];
        if (messages.length === 0) accepted.push(`${cls.name}.${property}`);
        for (const message of messages) {
          // class-validator's defaults are English ("name must be a string"); ours are Spanish.
          expect({ field: `${cls.name}.${property}`, message }).not.toEqual({
            field: `${cls.name}.${property}`,
            message: expect.stringMatching(/\b(must|should|property)\b/),
          });
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('should let null through only where the product lets one clear a value, and document those as nullable', async () => {
    const clearable = dtos.flatMap(({ cls, properties }) =>
      properties.filter((property) => isClearable(cls, property)).map((property) => `${cls.name}.${property}`),
    );
    // The values an admin or a client removes (the timetable's instructor, a profile's account, a
    // class's substitute, one's favourite reformer, the second class reminder of Ajustes, a membership's
    // weekly limit: null is unlimited); everything
    // else is kept or replaced.
    expect(clearable.sort()).toEqual([
      'AddCatalogPlanDto.weeklyLimit',
      'AddInstructorDto.accountEmail',
      'AddScheduleDto.instructorId',
      'ChangeCatalogPlanDto.weeklyLimit',
      'ChangeInstructorDto.accountEmail',
      'ChangeScheduleDto.instructorId',
      'ChangeSettingsDto.secondReminderHours',
      'FavouriteSpotDto.spot',
      'SetSubstituteDto.instructorId',
      'SetSubstitutesDto.substituteId',
    ]);
    for (const { cls, properties } of dtos) {
      for (const property of properties) {
        expect({ field: `${cls.name}.${property}`, nullable: swaggerNullable(cls, property) }).toEqual({
          field: `${cls.name}.${property}`,
          nullable: isClearable(cls, property),
        });
        if (isClearable(cls, property)) expect(await refusals(cls, { [property]: null })).not.toHaveProperty(property);
      }
    }
  });

  it('should answer the field’s own message: its "required" rule, else its type rule', async () => {
    const { ChangeCatalogPlanDto, ChangeDataPlanDto } = await import('../../admin/dto/admin-plans.dto');
    const { RefundPaymentDto } = await import('../../payments/dto/admin-payments.dto');
    const { ChangeInfoUserDto } = await import('../../auth/dto/change-info-user.dto');
    expect(await refusals(ChangeCatalogPlanDto, { id: 2, price: null, name: null })).toEqual({
      price: ['El precio debe ser un número mayor que 0 con hasta dos decimales'],
      name: ['El nombre no es válido'],
    });
    expect(await refusals(ChangeDataPlanDto, { id_plan: 1, paid: null })).toEqual({
      paid: ['Indica si el plan está pagado'],
    });
    expect(await refusals(RefundPaymentDto, { paymentId: 1, amount: null })).toEqual({
      amount: ['El monto debe ser un número mayor que 0 con hasta dos decimales'],
    });
    // A null next to another field's error: both are answered.
    expect(await refusals(ChangeInfoUserDto, { name: null, cumpleanos: 'ayer' })).toEqual({
      name: ['El nombre no es válido'],
      cumpleanos: ['La fecha de nacimiento no es válida.'],
    });
    // Absent stays absent: nothing to refuse.
    expect(await refusals(ChangeDataPlanDto, { id_plan: 1 })).toEqual({});
  });
});
