import { Transform } from 'class-transformer';
import { type ValidationOptions, registerDecorator } from 'class-validator';

/**
 * Characters a name shown to other people must not hold: controls (C0, C1, NUL), format characters
 * (zero-width spaces and joiners, the byte-order mark, soft hyphens, the left-to-right and
 * right-to-left marks, embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069), line and
 * paragraph separators, and private-use characters. They are invisible or reorder the text around
 * them, so "Ana" and "A\u200Bna" would look alike in a roster, or a name could flip the line it is on.
 */
const HIDDEN_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}]/u;

/** True for a string without hidden, control or direction-changing characters. */
export const isVisibleText = (value: unknown): boolean => typeof value === 'string' && !HIDDEN_OR_CONTROL.test(value);

/**
 * Text in Unicode's composed form (NFC): "é" typed as e + ◌́ is stored as the one character é, so
 * the same name is always the same bytes (searches, uniqueness, look-alikes). Other values pass through.
 */
export const NormalizeText = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.normalize('NFC') : value));

/** Refuses hidden, control and direction-changing characters (see HIDDEN_OR_CONTROL); non-strings pass to the type rule. */
export function IsVisibleText(options: ValidationOptions & { message: string }): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isVisibleText',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: { validate: (value: unknown) => typeof value !== 'string' || isVisibleText(value) },
    });
}

/** The message for a person's name with such characters. */
export const NAME_CHARACTERS_MESSAGE =
  'El nombre no puede tener caracteres invisibles, de control ni que cambien la dirección del texto.';
