/*
 * The front desk at 390 and 1280 px: the admin menu whole on a phone, the header's link to the
 * admin area, a client's page, the audit log with its filters, and cancelling a class from its roster.
 */
import { addDays } from '@pilates/dates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { ADMIN } from './support/global-setup';
import { nextMonday, registerClient, today, toast, logIn } from './support/site';

const baseUrl = inject('baseUrl');
// Two weeks ahead: a Monday with the default timetable's classes that no other journey books.
const cancelDate = addDays(nextMonday, 7);

const logInAsAdmin = (page: Page) => logIn(page, baseUrl, ADMIN.email, ADMIN.password);

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the front desk', () => {
  let browser: Browser;
  const clientName = 'Renata Solís Ocampo';
  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext();
    await registerClient(await context.newPage(), baseUrl, clientName);
    await context.close();
  });
  afterAll(() => browser?.close());

  for (const width of [390, 1280]) {
    it(`shows the admin menu whole, the header's admin link and a client's page at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      const watch = watchPage(page);
      await logInAsAdmin(page);

      // The header leads an admin to the admin area (in the phone menu below 768 px).
      if (width >= 768) {
        await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Administrador' }).click();
      } else {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await page.getByRole('dialog').getByRole('link', { name: 'Administrador' }).click();
      }
      await page.waitForURL((url) => url.pathname === '/pilates/panel');

      // Every page of the menu shows whole inside the screen: nothing cut, nothing to scroll to.
      const menu = page.getByRole('navigation', { name: 'Mi cuenta' });
      await expect.poll(() => menu.isVisible()).toBe(true);
      await page.screenshot({ path: screenshotPath(`menu-admin-${width}`) });
      for (const name of [
        'Mi información',
        'Mis clases',
        'Panel',
        'Usuarios',
        'Ver clases',
        'Horario',
        'Planes',
        'Auditoría',
      ]) {
        const link = menu.getByRole('link', { name, exact: true });
        expect({ name, visible: await link.isVisible() }).toEqual({ name, visible: true });
        const box = (await link.boundingBox())!;
        expect({ name, right: box.x + box.width <= width }).toEqual({ name, right: true });
      }
      expect(await menu.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);

      // From Usuarios to the client's page.
      await menu.getByRole('link', { name: 'Usuarios', exact: true }).click();
      await page.getByLabel('Buscar usuario').fill('Renata Solís');
      await page.getByRole('link', { name: clientName }).first().click();
      await expect.poll(() => page.getByRole('heading', { level: 1, name: clientName }).isVisible()).toBe(true);
      for (const region of ['Planes', 'Clases', 'Listas de espera', 'Pagos y reembolsos']) {
        // Exact: the tables' scroll regions are named by their captions ("Planes de …").
        expect(await page.getByRole('region', { name: region, exact: true }).isVisible()).toBe(true);
      }
      await expect.poll(() => page.getByText('No está en ninguna lista de espera.').isVisible()).toBe(true);
      expect(await pageOverflow(page)).toBe(0);
      await page.screenshot({ path: screenshotPath(`cliente-${width}`), fullPage: true });

      expect(watch.consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('filters the audit log by action and day, in the URL, with each change in words (1280 and 390 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsAdmin(page);
    // An admin's edit of the client, from the client's page.
    await page.goto(`${baseUrl}/pilates/usuarios`);
    await page.getByLabel('Buscar usuario').fill('Renata Solís');
    await page.getByRole('link', { name: clientName }).first().click();
    await page.getByRole('button', { name: 'Editar datos' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar usuario' });
    await edit.getByLabel('Nombre').fill(`${clientName} Editada`);
    await edit.getByRole('button', { name: /Guardar/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: `${clientName} Editada` }).isVisible())
      .toBe(true);

    await page.goto(`${baseUrl}/pilates/auditoria`);
    await page.getByRole('combobox', { name: 'Acción' }).click();
    await page.getByRole('option', { name: 'Cambió los datos de un usuario' }).click();
    await page.getByLabel('Desde').fill(today);
    await page.getByLabel('Hasta').fill(today);
    await page.waitForURL(
      (url) => url.searchParams.get('accion') === 'user.update' && url.searchParams.get('hasta') === today,
    );
    const audit = page.getByRole('table', { name: 'Cambios registrados' });
    const row = audit.getByRole('row').filter({ hasText: `Nombre: ${clientName} → ${clientName} Editada` });
    await expect.poll(() => row.isVisible()).toBe(true);
    // Only that action is listed.
    const actions = await audit.getByRole('row').locator('td:nth-child(3)').allInnerTexts();
    expect(new Set(actions)).toEqual(new Set(['Cambió los datos de un usuario']));
    await page.screenshot({ path: screenshotPath('auditoria-filtros-1280'), fullPage: true });

    // The same filters from the URL on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const cards = page.getByRole('list', { name: 'Cambios registrados' });
    await expect.poll(() => cards.getByText(`Nombre: ${clientName} → ${clientName} Editada`).isVisible()).toBe(true);
    expect(await pageOverflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath('auditoria-filtros-390'), fullPage: true });
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`cancels a class from its roster, asking first (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const watch = watchPage(page);
      await logInAsAdmin(page);
      await page.goto(`${baseUrl}/pilates/usuarios-clases?fecha=${cancelDate}`);
      // A class not cancelled yet (the other width's journey cancels one).
      const classes = page
        .getByRole('main')
        .locator('button[aria-haspopup="dialog"]')
        .filter({ hasNotText: 'Cancelada' });
      await expect.poll(() => classes.count()).toBeGreaterThan(0);
      const button = classes.first();
      const time = (await button.locator('span.font-display').innerText()).trim();
      await button.click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`· ${time}$`) });
      await dialog.getByRole('button', { name: 'Cancelar clase' }).click();
      await expect.poll(() => dialog.getByText('¿Cancelar esta clase?', { exact: false }).isVisible()).toBe(true);
      expect(await dialog.getByText('se avisará a cada cliente por correo', { exact: false }).isVisible()).toBe(true);
      await page.screenshot({ path: screenshotPath(`roster-cancelar-${width}`) });
      await dialog.getByRole('button', { name: 'Sí, cancelar clase' }).click();
      await expect.poll(() => toast(page, 'Clase cancelada.').isVisible()).toBe(true);
      await expect.poll(() => dialog.getByRole('button', { name: 'Cancelar clase' }).count()).toBe(0);
      expect(watch.consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
