import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_FORMATS, PHOTO_SIZES, type PhotoFormat, type PhotoSize } from './instructor-photos';
import {
  InstructorError,
  InstructorErrorCode,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MIN_SIDE,
} from './instructors.errors';

type Raster = 'jpeg' | 'png' | 'webp';

/** One file of a rendered photo. */
export interface PhotoVariant {
  size: PhotoSize;
  format: PhotoFormat;
  data: Buffer;
}

/** An upload made into the site's files: 16 hex digits of its SHA-256 and every size and format. */
export interface RenderedPhoto {
  hash: string;
  variants: PhotoVariant[];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The raster the first bytes announce; anything else (SVG, GIF, HTML, text, archives) is not a photo. */
function rasterOf(bytes: Buffer): Raster | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/**
 * Where a JPEG's image ends (just past its EOI marker): segments by their lengths, entropy-coded
 * data up to the next real marker (FF 00 is a stuffed byte, FF D0–D7 restart markers). -1 when the
 * file ends first.
 */
function jpegEnd(bytes: Buffer): number {
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return -1;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (at + 3 >= bytes.length) return -1;
    const length = bytes.readUInt16BE(at + 2);
    at += 2 + length;
    if (marker !== 0xda) continue;
    // Scan data: to the next marker that is not stuffing or a restart.
    while (at + 1 < bytes.length) {
      if (bytes[at] === 0xff) {
        const next = bytes[at + 1];
        if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
      }
      at += 1;
    }
  }
  return -1;
}

/** Where a PNG ends: just past its IEND chunk. -1 when the file ends first. */
function pngEnd(bytes: Buffer): number {
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at <= bytes.length ? at : -1;
  }
  return -1;
}

/** Where a WebP ends: its RIFF header's size (padded to even). */
function webpEnd(bytes: Buffer): number {
  const size = bytes.readUInt32LE(4);
  return 8 + size + (size % 2);
}

const END_OF: Record<Raster, (bytes: Buffer) => number> = { jpeg: jpegEnd, png: pngEnd, webp: webpEnd };

/**
 * Markup or code inside the file (an HTML or SVG document, a script, PHP): a polyglot meant for
 * another reader. Looked for in the bytes as Latin-1, case-insensitively.
 */
const MARKUP = /<(?:script|html|svg|body|iframe|object|embed)[\s>/]|<\?php|<!doctype/i;

/**
 * Refuses anything but one plain JPEG, PNG or WebP image: by its first bytes (not its name or
 * declared type), with nothing after the image's end (a ZIP, a page, a script appended), no markup
 * inside, and a size the server decodes without trouble.
 */
export function checkPhotoBytes(bytes: Buffer): Raster {
  if (bytes.length > PHOTO_MAX_BYTES) throw new InstructorError(InstructorErrorCode.PHOTO_TOO_LARGE);
  const raster = rasterOf(bytes);
  if (!raster) throw new InstructorError(InstructorErrorCode.PHOTO_NOT_AN_IMAGE);
  const end = END_OF[raster](bytes);
  if (end < 0 || end > bytes.length) throw new InstructorError(InstructorErrorCode.PHOTO_NOT_AN_IMAGE);
  if (end < bytes.length || MARKUP.test(bytes.toString('latin1'))) {
    throw new InstructorError(InstructorErrorCode.PHOTO_HIDDEN_CONTENT);
  }
  return raster;
}

/**
 * Checks the upload, decodes it whole and writes it anew from its pixels: upright (EXIF orientation
 * applied), cropped square around what draws the eye, in every size and format the pages use, with
 * no metadata (no GPS position, no camera data) and nothing of the original file's bytes.
 */
export async function renderPhoto(bytes: Buffer): Promise<RenderedPhoto> {
  const raster = checkPhotoBytes(bytes);
  const input = () => sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', animated: false });
  let meta: sharp.Metadata;
  try {
    meta = await input().metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new InstructorError(InstructorErrorCode.PHOTO_TOO_MANY_PIXELS);
    }
    throw new InstructorError(InstructorErrorCode.PHOTO_NOT_AN_IMAGE);
  }
  // The decoder must agree with the first bytes: a file that is one thing to us and another to it is refused.
  if (meta.format !== raster) throw new InstructorError(InstructorErrorCode.PHOTO_NOT_AN_IMAGE);
  if ((meta.pages ?? 1) > 1) throw new InstructorError(InstructorErrorCode.PHOTO_NOT_AN_IMAGE);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > PHOTO_MAX_PIXELS) throw new InstructorError(InstructorErrorCode.PHOTO_TOO_MANY_PIXELS);
  if (Math.min(width, height) < PHOTO_MIN_SIDE) throw new InstructorError(InstructorErrorCode.PHOTO_TOO_SMALL);

  const largest = PHOTO_SIZES[PHOTO_SIZES.length - 1];
  let square: { data: Buffer; info: sharp.OutputInfo };
  try {
    square = await input()
      .rotate()
      .resize(largest, largest, { fit: 'cover', position: sharp.strategy.attention })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A damaged or truncated image fails to decode whole.
    throw new InstructorError(InstructorErrorCode.PHOTO_NOT_AN_IMAGE);
  }
  const pixels = { raw: { width: square.info.width, height: square.info.height, channels: square.info.channels } };
  const variants = await Promise.all(
    PHOTO_SIZES.flatMap((size) =>
      PHOTO_FORMATS.map(async (format): Promise<PhotoVariant> => {
        const resized = sharp(square.data, pixels).resize(size, size);
        const encoded = format === 'avif' ? resized.avif({ quality: 55, effort: 4 }) : resized.webp({ quality: 80 });
        return { size, format, data: await encoded.toBuffer() };
      }),
    ),
  );
  return { hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16), variants };
}
