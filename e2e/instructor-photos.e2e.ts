import { isoWeekday } from '@pilates/dates';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from './support/browser';
import { ADMIN } from './support/global-setup';
import { logIn, nextMonday, openNextMonday, slotRow, toast } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const NAME = 'Paula Retrato';
const SLUG = 'paula-retrato';

describe("an instructor's photo", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A profile that teaches a class next Monday, still without a photo.
    const db = new Database(join(dataDir, 'pilates.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      const id = Number(
        db
          .prepare("INSERT INTO instructors (name, slug, bio, specialties, active) VALUES (?, ?, '', '', 1)")
          .run(NAME, SLUG).lastInsertRowid,
      );
      db.prepare(
        "INSERT INTO schedules (weekday, start_time, capacity, instructor_id, instructor) VALUES (?, '21:45', 8, ?, ?)",
      ).run(isoWeekday(nextMonday), id, NAME);
    } finally {
      db.close();
    }
  });
  afterAll(() => browser?.close());

  it('should be refused when it is not an image, then uploaded, and shown in AVIF on the profile page and the booking row', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logIn(page, baseUrl, ADMIN.email, ADMIN.password);
    await page.goto(`${baseUrl}/pilates/instructores`);
    await page
      .getByRole('button', { name: `Foto de ${NAME}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Foto del instructor' });
    const input = dialog.getByLabel('Elegir una foto');

    // A text file under an image's name and type gets past the browser: the server refuses it in Spanish.
    await input.setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('no soy una foto') });
    await dialog.getByRole('button', { name: 'Subir foto' }).click();
    await expect.poll(() => dialog.getByText('El archivo no es una imagen JPG, PNG o WebP.').isVisible()).toBe(true);

    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c97' } })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'paula.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => dialog.getByRole('img', { name: `Vista previa de la foto de ${NAME}` }).isVisible())
      .toBe(true);
    await dialog.getByRole('button', { name: 'Subir foto' }).click();
    await expect.poll(() => toast(page, 'Foto guardada').isVisible()).toBe(true);

    // The profile page, rendered on the server: a <picture> whose AVIF source the browser picked, 96 px.
    await page.goto(`${baseUrl}/pilates/instructores/${SLUG}`);
    const photo = page.getByRole('img', { name: NAME });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shown = await photo.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      width: img.getBoundingClientRect().width,
      loading: img.loading,
    }));
    expect(shown.src).toMatch(/-(96|192)\.avif$/);
    expect(shown).toMatchObject({ width: 96, loading: 'eager' });

    // The booking row names her with her photo beside it.
    await openNextMonday(page, baseUrl);
    const row = slotRow(page, '9:45 PM');
    await expect.poll(() => row.getByRole('img', { name: NAME }).getAttribute('src')).toMatch(/-96\.webp$/);
    // Chromium logs the refused upload's 400 itself; nothing else went wrong, nothing left the site.
    expect(watch.consoleErrors.filter((message) => !message.includes('status of 400'))).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });
});
