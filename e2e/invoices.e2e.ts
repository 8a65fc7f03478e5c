/*
 * Facturas (CFDI) end to end, on a server of its own whose scheduled jobs run (the suite's server runs
 * none): the `invoices` job stamps what is queued at each minute's turn, through the local Facturapi
 * simulator (no FACTURAPI_KEY). A client fills "Datos de facturación" at 390 px, buys a plan in the
 * test checkout, asks for the invoice in Mis planes and downloads its PDF; the admin at 1280 px sees it
 * on «Facturas» and retries one the PAC refused.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { ADMIN, startServer, type RunningServer } from './support/server';
import { CSRF, logIn, registerClient, sidewaysOverflow, toast } from './support/site';

// The job runs at each minute's turn: a queued invoice waits up to a minute, more on a busy machine.
const JOB = { timeout: 150_000, interval: 1_000 };
const SLOW = { timeout: 10_000 };

/** A plan bought through the simulated Mercado Pago checkout (Modo de prueba), approved. */
async function buyPlan(page: Page, baseUrl: string, planName: string): Promise<void> {
  const catalogue = await (await page.request.get(`${baseUrl}/api/planes/get-planes`)).json();
  const plan = (catalogue.planes as { id: number; name: string }[]).find((p) => p.name === planName)!;
  const checkout = await page.request.post(`${baseUrl}/api/mercadopago`, { headers: CSRF, data: { planId: plan.id } });
  expect(checkout.status()).toBe(200);
  await page.goto((await checkout.json()).url);
  await page.getByRole('link', { name: 'Aprobar el pago' }).click();
  await page.waitForURL((url) => url.pathname === '/pilates/clases');
  await expect.poll(() => page.getByText(`¡Listo! Tu plan ${planName} ya está activo.`).isVisible(), SLOW).toBe(true);
}

/** Picks an option of a labelled Radix select. */
async function choose(page: Page, label: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('facturas (CFDI)', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer('server-invoices', { JOBS_ENABLED: '1' })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'should let a client at 390 px give fiscal data, ask for the invoice and download its PDF, and the admin retry a refused one',
    { timeout: 400_000 },
    async () => {
      const { baseUrl } = server;

      // A second client, through the API: a company written with "S.A. de C.V.", which the PAC refuses.
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await registerClient(otherPage, baseUrl, 'Comercial Acme');
      const saved = await otherPage.request.post(`${baseUrl}/api/informacion/fiscal-data`, {
        headers: CSRF,
        data: {
          rfc: 'SAT970701NN3',
          legalName: 'ACME S.A. de C.V.',
          taxSystem: '601',
          zip: '52140',
          cfdiUse: 'G03',
          email: 'facturas@acme.example.com',
          autoInvoice: false,
        },
      });
      expect(saved.status()).toBe(200);
      await buyPlan(otherPage, baseUrl, 'Una Clase');
      const refusedPurchase = (await (await otherPage.request.get(`${baseUrl}/api/informacion/invoices`)).json())
        .purchases[0] as { id: number };
      const asked = await otherPage.request.post(`${baseUrl}/api/informacion/request-invoice`, {
        headers: CSRF,
        data: { purchaseId: refusedPurchase.id },
      });
      expect(asked.status()).toBe(202);
      await other.close();

      // The client, on a phone.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
      const page = await context.newPage();
      const watch = watchPage(page);
      const email = await registerClient(page, baseUrl, 'Emilio Gómez');
      await buyPlan(page, baseUrl, 'Cuatro Clases');

      await page.goto(`${baseUrl}/pilates/informacion`);
      const form = page.getByRole('form', { name: 'Datos de facturación' });
      await form.getByLabel('RFC', { exact: true }).fill('GODE561231GR9');
      await form.getByLabel('Nombre o razón social').fill('EMILIO GOMEZ DIAZ');
      await choose(page, 'Régimen fiscal', /^612 – /);
      await form.getByLabel('Código postal del domicilio fiscal').fill('52140');
      await choose(page, 'Uso del CFDI', /^G03 – /);
      await form.getByLabel('Correo para recibir tus facturas').fill(email);
      await form.getByRole('button', { name: 'Guardar datos de facturación' }).click();
      // A wrong check digit: the message under the RFC field, which is marked invalid.
      const rfc = form.getByLabel('RFC', { exact: true });
      await expect.poll(() => rfc.getAttribute('aria-invalid'), SLOW).toBe('true');
      const describedBy = (await rfc.getAttribute('aria-describedby'))!.split(' ');
      const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
      expect(descriptions).toContain('El RFC no es válido');
      await page.screenshot({ path: screenshotPath('facturas-rfc-invalido-390'), fullPage: true });

      await rfc.fill('GODE561231GR8');
      await form.getByRole('button', { name: 'Guardar datos de facturación' }).click();
      await expect.poll(() => toast(page, 'Tus datos de facturación quedaron guardados.').isVisible(), SLOW).toBe(true);
      expect(await rfc.getAttribute('aria-invalid')).toBeNull();

      // Mis planes: «Solicitar factura», then the job stamps it.
      await page.goto(`${baseUrl}/pilates/clases`);
      await page.getByRole('tab', { name: 'Planes' }).click();
      const invoices = page.getByRole('region', { name: 'Facturas' });
      const purchase = invoices.getByRole('listitem').filter({ hasText: 'Cuatro Clases' });
      await purchase.getByRole('button', { name: 'Solicitar factura' }).click();
      await expect.poll(() => purchase.innerText(), SLOW).toContain('Factura en proceso');
      await page.screenshot({ path: screenshotPath('facturas-en-proceso-390'), fullPage: true });
      await expect.poll(() => purchase.innerText(), JOB).toContain('Factura emitida');
      expect(await purchase.getByRole('button', { name: 'Solicitar factura' }).count()).toBe(0);
      await page.screenshot({ path: screenshotPath('facturas-emitida-390'), fullPage: true });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        purchase.getByRole('link', { name: 'Descargar PDF' }).click(),
      ]);
      expect(
        readFileSync((await download.path())!)
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('%PDF');
      // The refused RFC (400) is an answer the form shows; Chromium still logs the failed load.
      expect(watch.consoleErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
      expect(watch.externalRequests).toEqual([]);
      await context.close();

      // The admin, on a wide screen: the month's invoices, the stamped one and the refused one.
      const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const admin = await adminContext.newPage();
      const adminWatch = watchPage(admin);
      await logIn(admin, baseUrl, ADMIN.email, ADMIN.password);
      await admin.goto(`${baseUrl}/pilates/facturas`);
      // In the side menu's Administrador block, marked as the page shown.
      expect(
        await admin.getByRole('link', { name: 'Facturas', exact: true }).first().getAttribute('aria-current'),
      ).toBe('page');
      const table = admin.getByRole('table', { name: 'Facturas del mes' });
      const issued = table.getByRole('row').filter({ hasText: 'Emilio Gómez' });
      await expect.poll(() => issued.innerText(), SLOW).toContain('Emitida');
      expect(await issued.innerText()).toContain('RFC GODE561231GR8');
      expect(await issued.innerText()).toMatch(/[0-9A-F]{8}-[0-9A-F]{4}-/i);
      expect(await issued.getByRole('link', { name: /^PDF de la factura / }).count()).toBe(1);

      const refused = table.getByRole('row').filter({ hasText: 'Comercial Acme' });
      await expect.poll(() => refused.innerText(), JOB).toContain('Fallida');
      expect(await refused.innerText()).toContain(
        'Error del PAC: El nombre del receptor debe ir sin el régimen societario',
      );
      // The wide table is a region the keyboard reaches.
      expect(await admin.getByRole('region', { name: 'Facturas del mes' }).getAttribute('tabindex')).toBe('0');
      await admin.screenshot({ path: screenshotPath('facturas-admin-1280'), fullPage: true });

      await refused.getByRole('button', { name: /^Reintentar la factura #/ }).click();
      // Queued again (the next tick refuses it again: the client has to fix the name).
      await expect.poll(() => toast(admin, /volvió a la cola/).isVisible(), SLOW).toBe(true);

      // Only failed ones, by the status filter.
      await choose(admin, 'Estado', /^Fallida$/);
      await expect.poll(() => table.getByRole('row').filter({ hasText: 'Emilio Gómez' }).count(), SLOW).toBe(0);
      // On a phone the invoices are cards, and nothing scrolls sideways.
      await admin.setViewportSize({ width: 390, height: 844 });
      await choose(admin, 'Estado', /^Todos los estados$/);
      const cards = admin.getByRole('list', { name: 'Facturas del mes' });
      await expect.poll(() => cards.getByRole('listitem').count(), SLOW).toBe(2);
      expect(await cards.getByRole('listitem').filter({ hasText: 'Emilio Gómez' }).innerText()).toContain('Emitida');
      expect(await sidewaysOverflow(admin)).toBe(0);
      await admin.screenshot({ path: screenshotPath('facturas-admin-390'), fullPage: true });
      expect(adminWatch.consoleErrors).toEqual([]);
      expect(adminWatch.externalRequests).toEqual([]);
      await adminContext.close();
    },
  );
});
