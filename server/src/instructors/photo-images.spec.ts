import sharp from 'sharp';
import { checkPhotoBytes, renderPhoto } from './photo-images';
import { InstructorErrorCode } from './instructors.errors';

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#6a9' } }).composite([
    { input: Buffer.from('<svg width="80" height="80"><circle cx="40" cy="40" r="30" fill="#fc3"/></svg>') },
  ]);

const codeOf = (work: () => unknown): string | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('checkPhotoBytes: one plain JPEG, PNG or WebP', () => {
  it('should take the JPEGs cameras and editors write: baseline, progressive, mozjpeg, with an EXIF thumbnail', async () => {
    const baseline = await photo().jpeg().toBuffer();
    const progressive = await photo().jpeg({ progressive: true }).toBuffer();
    const moz = await photo().jpeg({ mozjpeg: true }).toBuffer();
    // APP1 carries EXIF; a thumbnail inside holds its own FF D9, which is no end of the file.
    const thumb = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const app1 = Buffer.concat([Buffer.from('Exif\0\0'), thumb]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(app1.length + 2);
    const withThumbnail = Buffer.concat([
      baseline.subarray(0, 2),
      Buffer.from([0xff, 0xe1]),
      length,
      app1,
      baseline.subarray(2),
    ]);
    for (const bytes of [baseline, progressive, moz, withThumbnail]) expect(checkPhotoBytes(bytes)).toBe('jpeg');
  });

  it('should take PNG with text chunks and WebP, lossy and lossless', async () => {
    expect(checkPhotoBytes(await photo().png().withMetadata().toBuffer())).toBe('png');
    expect(checkPhotoBytes(await photo().webp().toBuffer())).toBe('webp');
    expect(checkPhotoBytes(await photo().webp({ lossless: true }).toBuffer())).toBe('webp');
  });

  it('should refuse bytes after the end of each format, and a file cut short', async () => {
    for (const bytes of [
      await photo().jpeg().toBuffer(),
      await photo().png().toBuffer(),
      await photo().webp().toBuffer(),
    ]) {
      expect(codeOf(() => checkPhotoBytes(Buffer.concat([bytes, Buffer.from('PK\x03\x04')])))).toBe(
        InstructorErrorCode.PHOTO_HIDDEN_CONTENT,
      );
      expect(codeOf(() => checkPhotoBytes(bytes.subarray(0, bytes.length - 20)))).toBe(
        InstructorErrorCode.PHOTO_NOT_AN_IMAGE,
      );
    }
  });

  it('should refuse GIF, SVG, BMP and TIFF by their first bytes', async () => {
    for (const bytes of [
      await photo().gif().toBuffer(),
      await photo().tiff().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('BM\0\0\0\0'),
    ]) {
      expect(codeOf(() => checkPhotoBytes(bytes))).toBe(InstructorErrorCode.PHOTO_NOT_AN_IMAGE);
    }
  });
});

describe('renderPhoto', () => {
  it('should refuse a picture over 40 megapixels before decoding it', async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(renderPhoto(huge)).rejects.toMatchObject({ code: InstructorErrorCode.PHOTO_TOO_MANY_PIXELS });
  });
});
