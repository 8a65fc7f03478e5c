/* Memberships, the admin's side, at 1280 px: the owner adds a monthly membership in the catalogue
   editor; a client subscribes to it (the API and the local Mercado Pago simulator's approved first
   charge, notified through the real webhook); the membership then shows on «Membresías» with its
   approved charge. The plan is hidden again afterwards: the other journeys see the catalogue as seeded. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { ADMIN } from './support/global-setup';
import { CSRF, logIn, registerClient, sidewaysOverflow, toast } from './support/site';

const baseUrl = inject('baseUrl');
const PLAN_NAME = 'Membresía E2E dos por semana';
const CLIENT_NAME = 'Valeria Membresía';

describe("memberships, the admin's screens", () => {
  let browser: Browser;
  let admin: BrowserContext;
  let planId: number | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    if (planId !== undefined) {
      await admin.request.post(`${baseUrl}/api/planes/catalogo/hide`, { headers: CSRF, data: { id: planId } });
    }
    await browser?.close();
  });

  it('adds a membership plan in the catalogue editor and shows a subscribed membership with its charge', async () => {
    const page: Page = await admin.newPage();
    const watch = watchPage(page);
    await logIn(page, baseUrl, ADMIN.email, ADMIN.password);

    // Planes: a membership of two classes a week, with no class count.
    await page.goto(`${baseUrl}/pilates/planes-admin`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Agregar plan' }).click();
    const add = page.getByRole('dialog', { name: 'Agregar plan' });
    await add.getByRole('radio', { name: /Membresía mensual/ }).check();
    await expect.poll(() => add.getByLabel('Clases', { exact: true }).count()).toBe(0);
    await add.getByLabel('Nombre').fill(PLAN_NAME);
    await add.getByLabel(/Precio al mes/).fill('1200');
    await add.getByLabel(/Clases por semana/).fill('2');
    await page.screenshot({ path: screenshotPath('memberships-admin-add-plan-1280') });
    await add.getByRole('button', { name: 'Agregar plan' }).click();
    await toast(page, 'Plan agregado al catálogo').waitFor();
    const row = main
      .getByRole('table', { name: 'Planes del catálogo' })
      .getByRole('row')
      .filter({ hasText: PLAN_NAME });
    await expect.poll(() => row.textContent()).toContain('Membresía mensual');
    expect(await row.textContent()).toContain('2 por semana');
    expect(await row.textContent()).toContain('$1,200.00 al mes');
    const catalogue = (await (await page.request.get(`${baseUrl}/api/planes/catalogo`)).json()) as {
      planes: { id: number; name: string; kind: string; weeklyLimit: number | null }[];
    };
    const plan = catalogue.planes.find((p) => p.name === PLAN_NAME)!;
    planId = plan.id;
    expect(plan).toMatchObject({ kind: 'membership', weeklyLimit: 2 });

    // A client subscribes; the simulator approves the first charge and notifies the webhook.
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    await registerClient(clientPage, baseUrl, CLIENT_NAME);
    const subscribed = await clientPage.request.post(`${baseUrl}/api/mercadopago/subscribe`, {
      headers: CSRF,
      data: { planId: plan.id },
    });
    expect(subscribed.status()).toBe(200);
    const checkout = new URL((await subscribed.json()).url as string);
    const approved = await clientPage.request.get(`${baseUrl}${checkout.pathname}/pagar?resultado=approved`, {
      maxRedirects: 0,
    });
    expect(approved.status()).toBe(302);
    await clientContext.close();

    // Membresías: the client's membership, active once the webhook has run, and its approved charge.
    await page.goto(`${baseUrl}/pilates/membresias`);
    const list = main.getByRole('table', { name: 'Membresías' });
    const line = list.getByRole('row').filter({ hasText: CLIENT_NAME });
    await expect
      .poll(
        async () => {
          await page.reload();
          await list.waitFor();
          return line.textContent();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toContain('Activa');
    expect(await line.textContent()).toContain(PLAN_NAME);
    expect(await sidewaysOverflow(page)).toBe(0);
    await line.getByRole('button', { name: `Ver detalle de la membresía de ${CLIENT_NAME}` }).click();
    const detail = page.getByRole('dialog', { name: 'Membresía' });
    const charges = detail.getByRole('table', { name: 'Cobros de la membresía' });
    await charges.waitFor();
    const chargeRows = charges.getByRole('row');
    await expect.poll(() => chargeRows.count()).toBe(2);
    expect(await chargeRows.nth(1).textContent()).toContain('Aprobado');
    expect(await charges.getByRole('button', { name: /^Reembolsar cobro del / }).count()).toBe(1);
    expect(await detail.getByRole('button', { name: 'Cancelar membresía' }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('memberships-admin-detail-1280') });
    await page.keyboard.press('Escape');

    // The status filter keeps it among the active ones.
    await page.goto(`${baseUrl}/pilates/membresias?estado=active`);
    await expect.poll(() => line.count()).toBe(1);
    await page.goto(`${baseUrl}/pilates/membresias?estado=cancelled`);
    await main.getByText('No hay membresías con el estado «Cancelada».').first().waitFor();
    await page.screenshot({ path: screenshotPath('memberships-admin-list-1280') });
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await page.close();
  });
});
