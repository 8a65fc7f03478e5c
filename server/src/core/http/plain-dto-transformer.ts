import type { TransformerPackage } from '@nestjs/common/interfaces/external/transformer-package.interface';
import * as classTransformer from 'class-transformer';
import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';

type Class = new () => object;
/** A DTO class, as class-validator and class-transformer key their metadata. */
export type DtoClass = abstract new (...args: never[]) => unknown;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const flatness = new WeakMap<DtoClass, boolean>();

/**
 * Whether class-transformer has nothing to do for this DTO class: none of its validated properties
 * has a `@Type` or a `@Transform`, and the class exposes or excludes nothing. Then building it is
 * copying the body's fields onto a new instance, which is what class-transformer does for it too
 * (slowly: it walks every key through its metadata lookups on each request).
 */
export function isFlatDto(cls: DtoClass): boolean {
  let flat = flatness.get(cls);
  if (flat === undefined) {
    const properties = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(cls, '', true, false)
        .map((m) => m.propertyName),
    );
    flat =
      defaultMetadataStorage.getExposedMetadatas(cls).length === 0 &&
      defaultMetadataStorage.getExcludedMetadatas(cls).length === 0 &&
      [...properties].every(
        (property) =>
          defaultMetadataStorage.findTypeMetadata(cls, property) === undefined &&
          defaultMetadataStorage.findTransformMetadatas(cls, property, TransformationType.PLAIN_TO_CLASS).length === 0,
      );
    flatness.set(cls, flat);
  }
  return flat;
}

/**
 * The ValidationPipe's plain → DTO step: class-transformer, except for a flat DTO given a plain
 * object (the day view's `{ date }`), which is copied onto a new instance. class-validator still
 * checks the instance afterwards, whitelist and all.
 */
export const plainDtoTransformer: TransformerPackage = {
  plainToInstance<T>(cls: new () => T, plain: unknown, options?: classTransformer.ClassTransformOptions): T | T[] {
    if (!isPlainObject(plain) || !isFlatDto(cls)) return classTransformer.plainToInstance(cls, plain, options);
    const instance = new (cls as unknown as Class)() as Record<string, unknown>;
    for (const key of Object.keys(plain)) {
      // Nest has already stripped __proto__ and constructor.prototype; never copy them regardless.
      if (key === '__proto__') continue;
      const value = plain[key];
      // class-transformer copies nested objects and arrays; so does this (a shallow JSON value copy is enough
      // for validation, which refuses anything nested in a flat DTO's fields anyway).
      instance[key] = Array.isArray(value) ? [...(value as unknown[])] : isPlainObject(value) ? { ...value } : value;
    }
    return instance as T;
  },
  classToPlain: (object, options) => classTransformer.instanceToPlain(object, options),
};
