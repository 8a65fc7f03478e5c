import { addDays } from '@pilates/dates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { givePlan } from './support/db';
import { ADMIN } from './support/global-setup';
import { CSRF, nextMonday, registerClient, today, toast, logIn } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the room ("Sala")', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should let an admin add a reformer, rename it and retire it, at 1280 and 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logIn(page, baseUrl, ADMIN.email, ADMIN.password);
    await page.goto(`${baseUrl}/pilates/sala`);
    await page.getByRole('navigation', { name: 'Mi cuenta' }).getByRole('link', { name: 'Sala' }).waitFor();
    const room = page.getByRole('radiogroup', { name: 'Reformers de la sala' });
    await room.waitFor();
    const before = await room.getByRole('radio').count();
    expect(before).toBeGreaterThan(0);
    expect(await room.getByText('Instructora').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('sala-1280'), fullPage: true });

    // A new reformer: the next "Reformer N" on the first free cell, as suggested.
    await page.getByRole('button', { name: 'Agregar reformer' }).click();
    const add = page.getByRole('dialog', { name: 'Agregar reformer' });
    const suggested = await add.getByLabel('Nombre').inputValue();
    expect(suggested).toMatch(/^Reformer \d+$/);
    await add.getByRole('button', { name: 'Agregar reformer' }).click();
    await expect.poll(() => toast(page, `${suggested} agregado a la sala.`).isVisible()).toBe(true);
    await expect.poll(() => room.getByRole('radio').count()).toBe(before + 1);

    // Renamed.
    await room.getByRole('radio', { name: new RegExp(`^${suggested},`) }).click();
    const edit = page.getByRole('dialog', { name: 'Editar reformer' });
    await edit.getByLabel('Nombre').fill('Junto a la ventana');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect.poll(() => toast(page, 'Junto a la ventana guardado.').isVisible()).toBe(true);
    await expect.poll(() => room.getByRole('radio', { name: /^Junto a la ventana,/ }).isVisible()).toBe(true);

    // Retired, after confirming.
    await room.getByRole('radio', { name: /^Junto a la ventana,/ }).click();
    await page
      .getByRole('dialog', { name: 'Editar reformer' })
      .getByRole('button', { name: 'Retirar Junto a la ventana' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Retirar Junto a la ventana' });
    await confirm.getByRole('button', { name: 'Retirar', exact: true }).click();
    await expect.poll(() => toast(page, 'Reformer retirado de la sala.').isVisible()).toBe(true);
    await expect.poll(() => room.getByRole('radio').count()).toBe(before);
    expect(await page.getByRole('region', { name: 'Retirados' }).getByText('Junto a la ventana').isVisible()).toBe(
      true,
    );

    // A phone: the whole room fits, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await room.waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    const box = (await room.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('sala-390'), fullPage: true });
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('should let a client choose a favourite reformer in Mi información, and clear it', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await registerClient(page, baseUrl, 'Fabiola Reyes');
    await page.goto(`${baseUrl}/pilates/informacion`);
    const section = page.getByRole('region', { name: 'Tu reformer favorito' });
    await section.getByText('Aún no tienes un reformer favorito.').waitFor();
    expect(
      await section.getByText('Cuando reservas con «Cualquiera», te damos tu favorito si está libre.').isVisible(),
    ).toBe(true);

    await section.getByRole('radio', { name: 'Reformer 2, libre' }).click();
    await expect.poll(() => toast(page, 'Reformer 2 es tu reformer favorito.').isVisible()).toBe(true);
    await expect
      .poll(() => section.getByRole('radio', { name: 'Reformer 2, libre, tu favorito' }).getAttribute('aria-checked'))
      .toBe('true');
    expect(await sidewaysScroll(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('favorito-390'), fullPage: true });

    // The server remembers it: a new page shows it from the session.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await section.getByText('Tu favorito:').waitFor();
    expect(await section.locator('strong', { hasText: 'Reformer 2' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('favorito-1280'), fullPage: true });

    await section.getByRole('button', { name: 'Sin favorito' }).click();
    await expect.poll(() => toast(page, 'Ya no tienes un reformer favorito.').isVisible()).toBe(true);
    await section.getByText('Aún no tienes un reformer favorito.').waitFor();
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  // Weeks after the ones other journeys book, one date per width.
  for (const [width, height, date] of [
    [390, 844, addDays(nextMonday, 29)],
    [1280, 900, addDays(nextMonday, 30)],
  ] as const) {
    it(`should show the admin each client on their reformer in the roster and move one (${width} px)`, async () => {
      // A client booked on "Cualquiera" in the 6:00 PM class.
      const clientContext = await browser.newContext();
      const client = await clientContext.newPage();
      const name = width === 390 ? 'Sofía Ramírez' : 'Paula Herrera';
      const email = await registerClient(client, baseUrl, name);
      givePlan(dataDir, email, { classes: 4, start: today, end: addDays(today, 60) });
      const day = await client.request.post(`${baseUrl}/api/reservations/get-information`, {
        headers: CSRF,
        data: { date },
      });
      const six = ((await day.json()) as { data: { scheduleId: number; time: string }[] }).data.find(
        (s) => s.time === '6:00 PM',
      )!;
      const booking = await client.request.post(`${baseUrl}/api/reservations/push-reservation`, {
        headers: CSRF,
        data: { date, classReservation: six.scheduleId },
      });
      expect(booking.status()).toBe(201);
      const booked = ((await booking.json()) as { spot: { label: string } }).spot.label;
      await clientContext.close();
      const target = booked === 'Reformer 6' ? 'Reformer 7' : 'Reformer 6';

      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const watch = watchPage(page);
      await logIn(page, baseUrl, ADMIN.email, ADMIN.password);
      await page.goto(`${baseUrl}/pilates/usuarios-clases?fecha=${date}`);
      await page.getByRole('button', { name: /6:00 PM/ }).click();
      const dialog = page.getByRole('dialog', { name: /· 6:00 PM$/ });
      const room = dialog.getByRole('radiogroup', { name: 'Reformers de la clase' });
      const onReformer = (label: string) =>
        room.getByRole('radio', { name: `${label}, ocupado: ${name}, sin marcar`, exact: true });
      await onReformer(booked).waitFor();
      expect(await onReformer(booked).innerText()).toContain(name.split(' ')[0]);
      expect(await room.getByText('Instructora').isVisible()).toBe(true);
      // The list below names the reformer too.
      const row = dialog.getByRole('listitem').filter({ hasText: email });
      expect(await row.getByText(booked, { exact: true }).isVisible()).toBe(true);
      expect(await sidewaysScroll(page)).toBe(0);
      await page.screenshot({ path: screenshotPath(`roster-sala-${width}`), fullPage: true });

      // Picked, then a free reformer.
      await onReformer(booked).click();
      await dialog.getByText(`Moviendo a ${name}: elige un reformer libre.`).waitFor();
      await room.getByRole('radio', { name: `${target}, libre`, exact: true }).click();
      await expect.poll(() => toast(page, `Se movió a ${name} al ${target}`).isVisible()).toBe(true);
      await onReformer(target).waitFor();
      expect(await room.getByRole('radio', { name: `${booked}, libre`, exact: true }).isVisible()).toBe(true);
      expect(await row.getByText(target, { exact: true }).isVisible()).toBe(true);
      expect(await sidewaysScroll(page)).toBe(0);
      const box = (await room.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: screenshotPath(`roster-sala-movido-${width}`), fullPage: true });

      if (width === 1280) {
        // With a mouse: dragged back onto the reformer they had.
        await onReformer(target).dragTo(room.getByRole('radio', { name: `${booked}, libre`, exact: true }));
        await expect.poll(() => toast(page, `Se movió a ${name} al ${booked}`).isVisible()).toBe(true);
        await onReformer(booked).waitFor();
      }
      expect(watch.consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
