import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { ADMIN } from './support/global-setup';
import { registerClient, toast, logIn } from './support/site';

const baseUrl = inject('baseUrl');

const logInAsAdmin = (page: Page) => logIn(page, baseUrl, ADMIN.email, ADMIN.password);

/** How far a table's scroll box and the page overflow sideways (0: they fit). */
const sidewaysOverflow = (table: Locator) =>
  table.evaluate((element) => {
    const scroller = element.parentElement!;
    return {
      table: scroller.scrollWidth - scroller.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
    };
  });

describe('Usuarios on a desktop and on a phone', () => {
  let browser: Browser;
  let clientName: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A client with a long name and email to list beside the admin.
    const context = await browser.newContext();
    clientName = 'Maria Fernanda Castañeda Villaseñor';
    await registerClient(await context.newPage(), baseUrl, clientName);
    await context.close();
  });
  afterAll(() => browser?.close());

  it('fits 1280 px beside the side menu with every action labelled, the rest under "Más acciones"', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsAdmin(page);
    await page.goto(`${baseUrl}/pilates/usuarios`);
    await page.getByLabel('Buscar usuario').fill('Maria Fernanda');
    const table = page.getByRole('table', { name: 'Usuarios' });
    const row = table.getByRole('row').filter({ hasText: clientName });
    await expect.poll(() => row.isVisible()).toBe(true);

    // No sideways scroll: neither the page nor the table's own box.
    expect(await sidewaysOverflow(table)).toEqual({ table: 0, page: 0 });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'USUARIO',
      'ROL',
      'ASISTENCIA',
      'ESTADO',
      'ACCIONES',
    ]);

    // Every action is visible with its words or a tooltip, and its icon is drawn at full size.
    for (const [name, text] of [
      [`Editar a ${clientName}`, 'Editar'],
      [`Planes de ${clientName}`, 'Planes'],
    ]) {
      const button = row.getByRole('button', { name });
      expect(await button.isVisible()).toBe(true);
      expect((await button.innerText()).trim()).toBe(text);
    }
    const more = row.getByRole('button', { name: `Más acciones para ${clientName}` });
    expect(await more.getAttribute('title')).toBe('Más acciones');
    const icon = await more.locator('svg').boundingBox();
    expect(icon!.width).toBeGreaterThanOrEqual(14);
    await page.screenshot({ path: screenshotPath('usuarios-1280'), fullPage: true });

    await more.click();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Agregar plan',
      'Venta en mostrador',
      'Ver clases',
      'Desactivar',
      'Eliminar cuenta (solicitud del titular)',
    ]);
    await page.screenshot({ path: screenshotPath('usuarios-mas-acciones-1280') });

    // Deactivation says it can be undone, and nothing is called deletion.
    await menu.getByRole('menuitem', { name: 'Desactivar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desactivar usuario' });
    await expect
      .poll(() => dialog.getByText('puedes reactivarla cuando quieras', { exact: false }).isVisible())
      .toBe(true);
    expect(await dialog.getByText(/Eliminar/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    // The server's message keeps the wording the studio knows, though the account is only deactivated.
    await expect.poll(() => toast(page, 'Usuario eliminado con éxito').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Usuario Inactivo', { exact: true }).isVisible()).toBe(true);
    await more.click();
    await page.getByRole('menuitem', { name: 'Reactivar' }).click();
    const reactivate = page.getByRole('dialog', { name: 'Reactivar usuario' });
    await reactivate.getByRole('button', { name: 'Reactivar' }).click();
    await expect.poll(() => row.getByText('Usuario Activo', { exact: true }).isVisible()).toBe(true);

    // The audit log fits too, with times written like the rest of the site.
    await page.goto(`${baseUrl}/pilates/auditoria`);
    const audit = page.getByRole('table', { name: 'Cambios registrados' });
    await expect.poll(() => audit.getByRole('row').count()).toBeGreaterThan(1);
    await page.screenshot({ path: screenshotPath('auditoria-1280'), fullPage: true });
    expect(await sidewaysOverflow(audit)).toEqual({ table: 0, page: 0 });
    expect(await audit.locator('time').first().innerText()).toMatch(/, \d{1,2}:\d{2} [AP]M$/);

    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows cards below 768 px, each action a labelled button', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsAdmin(page);
    await page.goto(`${baseUrl}/pilates/usuarios`);
    await page.getByLabel('Buscar usuario').fill('Maria Fernanda');
    const card = page.getByRole('list', { name: 'Usuarios' }).getByRole('listitem').filter({ hasText: clientName });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Usuarios' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    for (const name of ['Editar', 'Agregar plan', 'Planes', 'Clases', 'Desactivar']) {
      expect(await card.getByRole('button', { name: new RegExp(`^${name} `) }).isVisible()).toBe(true);
    }
    await page.screenshot({ path: screenshotPath('usuarios-390'), fullPage: true });
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});
