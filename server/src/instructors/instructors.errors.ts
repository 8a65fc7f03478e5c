import { DomainError } from '../core/errors/api-error';

export enum InstructorErrorCode {
  INSTRUCTOR_NOT_FOUND = 'INSTRUCTOR_NOT_FOUND',
  INSTRUCTOR_NOT_AVAILABLE = 'INSTRUCTOR_NOT_AVAILABLE',
  INSTRUCTOR_ACCOUNT_NOT_FOUND = 'INSTRUCTOR_ACCOUNT_NOT_FOUND',
  INSTRUCTOR_ACCOUNT_TAKEN = 'INSTRUCTOR_ACCOUNT_TAKEN',
  PHOTO_MISSING = 'PHOTO_MISSING',
  PHOTO_TOO_LARGE = 'PHOTO_TOO_LARGE',
  PHOTO_NOT_AN_IMAGE = 'PHOTO_NOT_AN_IMAGE',
  PHOTO_HIDDEN_CONTENT = 'PHOTO_HIDDEN_CONTENT',
  PHOTO_TOO_MANY_PIXELS = 'PHOTO_TOO_MANY_PIXELS',
  PHOTO_TOO_SMALL = 'PHOTO_TOO_SMALL',
}

/** The largest upload, in bytes (8 MB), and the largest image, in pixels. */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
/** The smallest side a photo may have (the profile page shows 240 px, 480 at 2x). */
export const PHOTO_MIN_SIDE = 200;

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<InstructorErrorCode, number> = {
  [InstructorErrorCode.INSTRUCTOR_NOT_FOUND]: 404,
  [InstructorErrorCode.INSTRUCTOR_NOT_AVAILABLE]: 400,
  [InstructorErrorCode.INSTRUCTOR_ACCOUNT_NOT_FOUND]: 400,
  [InstructorErrorCode.INSTRUCTOR_ACCOUNT_TAKEN]: 409,
  [InstructorErrorCode.PHOTO_MISSING]: 400,
  [InstructorErrorCode.PHOTO_TOO_LARGE]: 413,
  [InstructorErrorCode.PHOTO_NOT_AN_IMAGE]: 400,
  [InstructorErrorCode.PHOTO_HIDDEN_CONTENT]: 400,
  [InstructorErrorCode.PHOTO_TOO_MANY_PIXELS]: 400,
  [InstructorErrorCode.PHOTO_TOO_SMALL]: 400,
};

const message: Record<InstructorErrorCode, string> = {
  [InstructorErrorCode.INSTRUCTOR_NOT_FOUND]: 'No encontramos a ese instructor.',
  [InstructorErrorCode.INSTRUCTOR_NOT_AVAILABLE]:
    'Ese instructor no existe o no está activo. Elige uno de la lista de instructores.',
  [InstructorErrorCode.INSTRUCTOR_ACCOUNT_NOT_FOUND]: 'No hay una cuenta activa con ese email.',
  [InstructorErrorCode.INSTRUCTOR_ACCOUNT_TAKEN]: 'Esa cuenta ya está ligada a otro instructor.',
  [InstructorErrorCode.PHOTO_MISSING]: 'Elige una foto (JPG, PNG o WebP) y el instructor al que pertenece.',
  [InstructorErrorCode.PHOTO_TOO_LARGE]: 'La foto pesa más de 8 MB. Elige una más ligera.',
  [InstructorErrorCode.PHOTO_NOT_AN_IMAGE]: 'El archivo no es una imagen JPG, PNG o WebP.',
  [InstructorErrorCode.PHOTO_HIDDEN_CONTENT]:
    'El archivo trae otros datos además de la imagen. Guárdalo de nuevo como JPG, PNG o WebP y vuelve a subirlo.',
  [InstructorErrorCode.PHOTO_TOO_MANY_PIXELS]: 'La foto tiene demasiados píxeles (máximo 40 megapíxeles).',
  [InstructorErrorCode.PHOTO_TOO_SMALL]: `La foto debe medir al menos ${PHOTO_MIN_SIDE} × ${PHOTO_MIN_SIDE} píxeles.`,
};

export class InstructorError extends DomainError {
  constructor(code: InstructorErrorCode, override?: string) {
    super(code, status[code], override ?? message[code]);
  }
}
