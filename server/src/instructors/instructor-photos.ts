// An instructor's photo as files and addresses. Kept free of imports: the day view's mapper (and
// the bench's bare reference, through it) turns a photo key into its address with these.

/** The square sizes the pages use, in pixels: list and booking-row thumbnails (1x, 2x), the profile page. */
export const PHOTO_SIZES = [96, 192, 480] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** The formats each size is written in; WebP is also the `<img>` fallback every current browser reads. */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** Where the files are served: GET /api/fotos/instructores/<file>. */
export const PHOTO_URL_PREFIX = '/api/fotos/instructores/';

/** A photo key: the profile's id and 16 hex digits of the upload's SHA-256 (a new photo, a new address). */
export const PHOTO_KEY = /^[1-9]\d{0,9}-[0-9a-f]{16}$/;

/** A served file's name, and nothing else (no dots but the extension's, no slashes). */
export const PHOTO_FILE = /^([1-9]\d{0,9}-[0-9a-f]{16})-(96|192|480)\.(avif|webp)$/;

export const photoFileName = (key: string, size: PhotoSize, format: PhotoFormat): string => `${key}-${size}.${format}`;

/** Every file of a photo key. */
export const photoFileNames = (key: string): string[] =>
  PHOTO_SIZES.flatMap((size) => PHOTO_FORMATS.map((format) => photoFileName(key, size, format)));

/**
 * The photo's public address (its largest WebP); the other files share its name but for the
 * `-<size>.<format>` ending. Null without a photo.
 */
export const instructorPhotoUrl = (key: string | null | undefined): string | null =>
  key ? `${PHOTO_URL_PREFIX}${photoFileName(key, 480, 'webp')}` : null;
