import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import {
  IsOptional,
  type MetadataStorage,
  ValidationArguments,
  ValidationError,
  ValidationTypes,
  getMetadataStorage,
  registerDecorator,
} from 'class-validator';

/** The name of the marker Clearable() registers among the field's validation rules. */
const CLEARABLE = 'clearable';

/** A field whose own rules all accept `null` (none in the API today) still refuses it, with this. */
export const NULL_FIELD_MESSAGE = 'Este campo no puede estar vacío.';

/**
 * An optional field the product lets one clear: `null` passes validation and reaches the service,
 * which clears the value (documented as nullable in the OpenAPI document). Written instead of
 * `@IsOptional()`. Every other field refuses `null` (see nullFieldErrors).
 *
 * The marker is a class-validator rule that always passes, so mapped types (PickType, OmitType)
 * copy it with the field's other rules.
 */
export const Clearable = () =>
  applyDecorators(
    IsOptional(),
    ((target, propertyName) =>
      registerDecorator({
        name: CLEARABLE,
        target: target.constructor,
        propertyName: String(propertyName),
        validator: { validate: () => true },
      })) satisfies PropertyDecorator,
    ApiProperty({ nullable: true, required: false }),
  );

type DtoClass = abstract new (...args: never[]) => unknown;
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/** A DTO's rules by property, in the order class-validator runs them (the order the global pipe reports). */
const rulesOf = (cls: DtoClass): Map<string, ValidationMetadata[]> => {
  let rules = rulesByClass.get(cls);
  if (!rules) {
    rules = new Map();
    for (const rule of getMetadataStorage().getTargetValidationMetadatas(cls, '', false, false)) {
      rules.set(rule.propertyName, [...(rules.get(rule.propertyName) ?? []), rule]);
    }
    rulesByClass.set(cls, rules);
  }
  return rules;
};
const rulesByClass = new WeakMap<DtoClass, Map<string, ValidationMetadata[]>>();

/** Whether `property` of the DTO class is marked @Clearable(). */
export function isClearable(cls: DtoClass, property: string): boolean {
  return (rulesOf(cls).get(property) ?? []).some((rule) => rule.name === CLEARABLE);
}

/**
 * The message a `null` in `property` gets: the first of the field's own rules that refuses `null`
 * (its "required" rule, or its type rule), as the pipe would answer it were the field not optional.
 */
export function nullMessageFor(dto: object, property: string): string {
  const cls = dto.constructor as DtoClass;
  const storage = getMetadataStorage();
  for (const rule of rulesOf(cls).get(property) ?? []) {
    if (rule.type !== ValidationTypes.CUSTOM_VALIDATION || rule.name === CLEARABLE) continue;
    const args: ValidationArguments = {
      targetName: cls.name,
      property,
      object: dto,
      value: null,
      constraints: rule.constraints,
    };
    for (const constraint of storage.getTargetValidatorConstraints(rule.constraintCls)) {
      if (constraint.async) continue;
      if (constraint.instance.validate(null, args) !== false) continue;
      const message = typeof rule.message === 'function' ? rule.message(args) : rule.message;
      return message || NULL_FIELD_MESSAGE;
    }
  }
  return NULL_FIELD_MESSAGE;
}

/**
 * One rule for absent and null, for every DTO: class-validator's @IsOptional() (and a false
 * @ValidateIf()) skips a `null` as if the field were absent, and the service would then store it
 * (a price of 0, a plan unpaid). So a `null` in any field not marked @Clearable() is refused with the
 * field's own message. `found`: the errors class-validator already gave (those fields keep theirs).
 */
export function nullFieldErrors(dto: object, found: ValidationError[]): ValidationError[] {
  const refused = new Set(found.map((error) => error.property));
  const errors: ValidationError[] = [];
  for (const [property, value] of Object.entries(dto)) {
    if (value !== null || refused.has(property) || isClearable(dto.constructor as DtoClass, property)) continue;
    const error = new ValidationError();
    error.property = property;
    error.constraints = { isNotNull: nullMessageFor(dto, property) };
    error.children = [];
    errors.push(error);
  }
  return errors;
}
