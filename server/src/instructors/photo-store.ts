import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../core/config/app-config';
import { PHOTO_FILE, photoFileName, photoFileNames } from './instructor-photos';
import type { PhotoVariant } from './photo-images';

/** The photos' folder inside DATA_DIR: backed up and restored with the database (scripts/backup.mjs). */
export const PHOTOS_FOLDER = join('photos', 'instructors');

/**
 * The instructors' photo files in DATA_DIR/photos/instructors. A file is written once under a name
 * holding its content's hash and never changed: written whole to a temporary name, then renamed
 * (a reader sees the whole file or none), and removed when its photo is replaced or removed.
 */
@Injectable()
export class PhotoStore {
  private readonly dir: string;

  constructor(config: AppConfig) {
    this.dir = join(config.dataDir, PHOTOS_FOLDER);
  }

  /** Writes every file of the photo `key`. */
  async write(key: string, variants: PhotoVariant[]): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    try {
      for (const variant of variants) {
        const target = join(this.dir, photoFileName(key, variant.size, variant.format));
        const temporary = join(this.dir, `.${randomBytes(8).toString('hex')}.partial`);
        const file = await open(temporary, 'wx', 0o600);
        try {
          await file.writeFile(variant.data);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, target);
      }
    } catch (error) {
      await this.remove(key);
      throw error;
    }
  }

  /** Removes every file of the photo `key` (those already gone are no error). */
  async remove(key: string): Promise<void> {
    await Promise.all(photoFileNames(key).map((name) => rm(join(this.dir, name), { force: true })));
  }

  /** A served file by its name, or null: only names of the exact form the store writes are looked up. */
  async read(name: string): Promise<{ stream: ReadStream; size: number } | null> {
    if (!PHOTO_FILE.test(name)) return null;
    const path = join(this.dir, name);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return null;
    }
  }
}
