import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import { ChangeInfoUserDto } from '../../auth/dto/change-info-user.dto';
import { DateRequestDto } from '../../reservations/dto/slots.dto';
import { type DtoClass, isFlatDto, plainDtoTransformer } from './plain-dto-transformer';

/** Every class exported by the app's `*.dto.ts` files that class-validator checks. */
function validatedDtoClasses(): DtoClass[] {
  const root = join(__dirname, '../..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.dto.ts'));
  const classes = new Set<DtoClass>();
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(join(root, file)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (typeof value !== 'function') continue;
      if (getMetadataStorage().getTargetValidationMetadatas(value, '', true, false).length > 0) {
        classes.add(value as DtoClass);
      }
    }
  }
  return [...classes];
}

/** A body with every validated field, in the shapes a client may send (right or wrong). */
function bodyFor(cls: DtoClass): Record<string, unknown> {
  const fields = getMetadataStorage()
    .getTargetValidationMetadatas(cls, '', true, false)
    .map((m) => m.propertyName);
  const samples: unknown[] = ['2026-11-27', 3, true, null, { nested: 'x' }, [1, 'a'], ''];
  return Object.fromEntries([...new Set(fields)].map((field, i) => [field, samples[i % samples.length]]));
}

describe('plainDtoTransformer (the ValidationPipe without class-transformer for flat DTOs)', () => {
  it('should build every flat DTO exactly as class-transformer does', () => {
    const classes = validatedDtoClasses();
    const flat = classes.filter(isFlatDto);
    expect(flat.length).toBeGreaterThan(10);
    expect(flat).toContain(DateRequestDto);
    for (const cls of flat) {
      const body = bodyFor(cls);
      const fast = plainDtoTransformer.plainToInstance(cls as new () => object, body);
      const slow = plainToInstance(cls as new () => object, body);
      expect([cls.name, fast]).toEqual([cls.name, slow]);
      expect(fast).toBeInstanceOf(cls);
      // A copy, as class-transformer's: the DTO never shares the body's nested values.
      for (const [key, value] of Object.entries(body)) {
        if (value !== null && typeof value === 'object') expect((fast as Record<string, unknown>)[key]).not.toBe(value);
      }
    }
  });

  it('should leave a DTO with @Transform or @Type to class-transformer', () => {
    expect(isFlatDto(ChangeInfoUserDto)).toBe(false);
    const dto = plainDtoTransformer.plainToInstance(ChangeInfoUserDto, { email: 'ANA@Example.com', name: '  ' });
    expect(dto).toBeInstanceOf(ChangeInfoUserDto);
    expect(dto).toMatchObject({ email: 'ana@example.com', name: undefined });
  });

  it('should leave arrays and primitives to class-transformer', () => {
    expect(plainDtoTransformer.plainToInstance(DateRequestDto, [{ date: '2026-11-27' }])).toEqual(
      plainToInstance(DateRequestDto, [{ date: '2026-11-27' }]),
    );
    expect(plainDtoTransformer.plainToInstance(DateRequestDto, 'x')).toEqual(plainToInstance(DateRequestDto, 'x'));
  });

  it('should never copy a __proto__ key onto the DTO', () => {
    const body = JSON.parse('{"date":"2026-11-27","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const dto = plainDtoTransformer.plainToInstance(DateRequestDto, body) as DateRequestDto & { polluted?: boolean };
    expect(Object.getPrototypeOf(dto)).toBe(DateRequestDto.prototype);
    expect(dto.polluted).toBeUndefined();
  });
});
