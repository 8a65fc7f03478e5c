import 'reflect-metadata';
import { IsInt, IsString, MetadataStorage, getMetadataStorage, validate } from 'class-validator';
import { DateRequestDto } from '../../reservations/dto/slots.dto';
import { apiValidationPipe } from './validation-pipe';
import { rememberValidationLookups } from './validation-lookups';

class Person {
  @IsString()
  name!: string;
}

class Client extends Person {
  @IsInt()
  age!: number;
}

/** class-validator's own lookup, past the remembering one. */
const unremembered = (cls: object, always: boolean) =>
  MetadataStorage.prototype.getTargetValidationMetadatas.call(getMetadataStorage(), cls as never, '', always, false);

describe('rememberValidationLookups (class-validator looks a DTO up once)', () => {
  beforeAll(() => rememberValidationLookups());

  it('should answer the lookup class-validator answers, inherited rules included, the same list each time', () => {
    const storage = getMetadataStorage();
    for (const always of [false, true]) {
      const rules = storage.getTargetValidationMetadatas(Client, '', always, false);
      expect(rules).toEqual(unremembered(Client, always));
      expect(rules.map((rule) => rule.propertyName).sort()).toEqual(['age', 'name']);
      expect(storage.getTargetValidationMetadatas(Client, '', always, false)).toBe(rules);
      expect(Object.isFrozen(rules)).toBe(true);
    }
  });

  it('should forget what it remembered when a rule is registered afterwards', () => {
    class Late {
      @IsString()
      first!: string;
      second!: number;
    }
    const storage = getMetadataStorage();
    expect(storage.getTargetValidationMetadatas(Late, '', false, false).map((r) => r.propertyName)).toEqual(['first']);
    IsInt()(Late.prototype, 'second');
    expect(storage.getTargetValidationMetadatas(Late, '', false, false).map((r) => r.propertyName)).toEqual([
      'first',
      'second',
    ]);
  });

  it('should leave lookups with validation groups to class-validator', () => {
    const storage = getMetadataStorage();
    const rules = storage.getTargetValidationMetadatas(Client, '', false, false, ['admin']);
    expect(Object.isFrozen(rules)).toBe(false);
  });

  it('should validate as before, twice in a row', async () => {
    for (let i = 0; i < 2; i++) {
      const errors = await validate(Object.assign(new Client(), { name: 3, age: 'x' }));
      expect(errors.map((e) => e.property).sort()).toEqual(['age', 'name']);
      expect(await validate(Object.assign(new Client(), { name: 'Ana', age: 30 }))).toEqual([]);
    }
  });

  it('should be installed by the API validation pipe, which still refuses a bad date and unknown fields', async () => {
    const pipe = apiValidationPipe();
    const metadata = { type: 'body' as const, metatype: DateRequestDto };
    for (let i = 0; i < 2; i++) {
      await expect(pipe.transform({ date: '2026-11-27' }, metadata)).resolves.toEqual({ date: '2026-11-27' });
      await expect(pipe.transform({ date: '2026-02-30' }, metadata)).rejects.toThrow();
      await expect(pipe.transform({ date: '2026-11-27', extra: 1 }, metadata)).rejects.toThrow();
    }
    expect(Object.isFrozen(getMetadataStorage().getTargetValidationMetadatas(DateRequestDto, '', false, false))).toBe(
      true,
    );
  });
});
