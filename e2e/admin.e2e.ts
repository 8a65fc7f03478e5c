import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from './support/browser';
import { ADMIN } from './support/global-setup';
import { openNextMonday, slotRow, toast, today, confirmReformer, logIn, saveHealthProfile } from './support/site';

const baseUrl = inject('baseUrl');

/** A form field by its label; required fields add an asterisk that is not part of the name. */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** Picks an option of a labelled Radix select inside the open dialog. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('administration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should let an admin create a user, give them a plan and mark it paid, and that user then books a class', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    const email = `paola.${Date.now()}@example.com`;
    const password = 'clave-de-paola-1';

    await logIn(page, baseUrl, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Mi Perfil' }).click();
    await page.getByRole('navigation', { name: 'Mi cuenta' }).getByRole('link', { name: 'Usuarios' }).click();
    await page.waitForURL(`${baseUrl}/pilates/usuarios`);

    // A new account.
    await page.getByRole('button', { name: 'Agregar usuario' }).click();
    const addUser = page.getByRole('dialog', { name: 'Agregar usuario' });
    await addUser.getByRole('button', { name: 'Agregar usuario' }).click();
    await expect.poll(() => addUser.getByText('El nombre es obligatorio').isVisible()).toBe(true);
    await field(addUser, 'Nombre').fill('Paola Méndez');
    await field(addUser, 'Correo electrónico').fill(email);
    await field(addUser, 'Fecha de nacimiento').fill('1993-08-21');
    await field(addUser, 'Contraseña').fill(password);
    await field(addUser, 'Confirmar contraseña').fill(password);
    await addUser.getByRole('button', { name: 'Agregar usuario' }).click();
    await expect.poll(() => toast(page, 'Usuario creado con éxito').isVisible()).toBe(true);

    // Find her, give her eight classes, not paid yet (she pays cash at the studio).
    await page.getByLabel('Buscar usuario').fill('Paola');
    const row = page.getByRole('row').filter({ hasText: email });
    await expect.poll(() => row.getByText('Usuario Activo', { exact: true }).isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Más acciones para Paola Méndez' }).click();
    await page.getByRole('menuitem', { name: 'Agregar plan' }).click();
    const addPlan = page.getByRole('dialog', { name: 'Agregar plan' });
    await choose(page, 'Plan', 'Ocho Clases');
    expect(await field(addPlan, 'Clases restantes').inputValue()).toBe('8');
    expect(await field(addPlan, 'Fecha de inicio').inputValue()).toBe(today);
    await choose(page, 'Pagado', 'No');
    await addPlan.getByRole('button', { name: 'Agregar plan' }).click();
    await expect.poll(() => toast(page, 'Se creó un plan para el usuario Paola Méndez').isVisible()).toBe(true);

    // She pays: the admin marks the plan paid.
    await row.getByRole('button', { name: 'Planes de Paola Méndez' }).click();
    const plans = page.getByRole('dialog', { name: 'Planes de Paola Méndez' });
    await expect.poll(() => plans.getByRole('table').getByText('No Pagado').isVisible()).toBe(true);
    await plans.getByRole('button', { name: /^Editar el plan Ocho Clases/ }).click();
    await choose(page, 'Pagado', 'Sí');
    await page.getByRole('dialog', { name: 'Editar plan' }).getByRole('button', { name: 'Guardar cambios' }).click();
    await expect.poll(() => toast(page, 'Información de plan cambiada con éxito').isVisible()).toBe(true);
    await expect
      .poll(() =>
        plans.getByRole('row').filter({ hasText: 'Ocho Clases' }).getByText('Pagado', { exact: true }).isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('Escape');

    // The audit page shows what the admin did (the visible entries: the action filter's hidden
    // native <select> lists the same labels).
    await page.goto(`${baseUrl}/pilates/auditoria`);
    await expect
      .poll(() => page.getByText('Cambió el plan de un usuario').filter({ visible: true }).first().isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByText('Dio un plan a un usuario').filter({ visible: true }).first().isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('Creó un usuario').filter({ visible: true }).first().isVisible()).toBe(true);

    // The new client logs in with the password the studio gave her and books next Monday.
    await context.clearCookies();
    await logIn(page, baseUrl, email, password);
    // Like every client, she answers the health questionnaire before her first booking online.
    await saveHealthProfile(page, baseUrl);
    await openNextMonday(page, baseUrl);
    const slot = slotRow(page, '9:00 AM');
    await slot.getByRole('button', { name: 'Reservar' }).click();
    await confirmReformer(page);
    await expect.poll(() => toast(page, '¡Has reservado con éxito!').isVisible()).toBe(true);
    await page.goto(`${baseUrl}/pilates/clases`);
    await page.getByRole('tab', { name: 'Planes' }).click();
    const myPlan = page.getByRole('row').filter({ hasText: 'Ocho Clases' });
    await expect.poll(() => myPlan.getByText('Pagado', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => myPlan.getByText('7 de 8').isVisible()).toBe(true);

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });

  it('should keep clients out of the admin pages, in the menu and by URL', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const email = `cliente.${Date.now()}@example.com`;
    const answer = await page.request.post(`${baseUrl}/api/auth/register`, {
      headers: { 'X-Requested-With': 'pilates-web' },
      data: {
        name: 'Clara Cliente',
        email,
        cumpleanos: '1990-01-01',
        password: 'clave-segura-1',
        confirmPassword: 'clave-segura-1',
        terms: true,
      },
    });
    expect(answer.status()).toBe(201);
    for (const path of ['/pilates/usuarios', '/pilates/planes-admin', '/pilates/auditoria']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/pilates/informacion`);
    }
    expect(await page.getByRole('link', { name: 'Usuarios' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Auditoría' }).count()).toBe(0);
    await context.close();
  });
});
