/* Selling plans: Comprar on Planes (a guest logs in first and comes back to it), a payment still
   pending before another is offered, Mis planes, a new client's empty day, and a tap on "Reservar"
   that arrives while the booking page is still hydrating. */
import { addDays } from '@pilates/dates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, launchBrowser, screenshotPath, watchPage } from './support/browser';
import { classesRemaining, givePlan } from './support/db';
import { CSRF, nextMonday, registerClient, slotRow, today, confirmReformer } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/** A purchase through the test checkout, left as the simulator's `result` (pending: an OXXO ticket). */
async function purchaseLeft(page: Page, planId: number, result: 'pending' | 'rejected') {
  const checkout = await page.request.post(`${baseUrl}/api/mercadopago`, { headers: CSRF, data: { planId } });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const reference = new URL(url, baseUrl).pathname.split('/').pop()!;
  const paid = await page.request.get(`${baseUrl}/api/mercadopago/simulador/${reference}/pagar?resultado=${result}`, {
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  // The simulated webhook updates the purchase: wait until the client's list shows it.
  const status = result === 'pending' ? 'pending' : 'rejected';
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${baseUrl}/api/mercadopago/purchases`);
      const { purchases } = (await answer.json()) as { purchases: { status: string }[] };
      return purchases.some((purchase) => purchase.status === status);
    })
    .toBe(true);
}

describe('selling plans', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    it(`lets a guest tap Comprar on Planes, log in and land on that plan's purchase (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const watch = watchPage(page);
      // Registered through the API in another context: this page stays a guest.
      const other = await browser.newContext();
      const email = await registerClient(await other.newPage(), baseUrl, 'Renata Sol');
      await other.close();

      await page.goto(`${baseUrl}/pilates/planes`);
      const doce = page.getByRole('article', { name: 'Doce Clases' });
      expect(await doce.getByRole('link', { name: 'Reservar con el plan Doce Clases' }).isVisible()).toBe(true);
      // The suite's server charges no commission: the price stands alone.
      expect(await page.getByRole('list', { name: 'Planes' }).innerText()).not.toMatch(/comisión/i);
      await page.screenshot({ path: screenshotPath(`planes-comprar-${width}`), fullPage: true });

      await doce.getByRole('link', { name: 'Comprar el plan Doce Clases' }).click();
      await page.waitForURL((url) => url.pathname === '/pilates/cuenta');
      await expect.poll(() => page.getByText('Inicia sesión para comprar tu plan.').isVisible()).toBe(true);
      await page.getByLabel('Correo Electrónico').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
      await page.getByRole('button', { name: 'Iniciar Sesión' }).click();

      await page.waitForURL((url) => url.pathname === '/pilates/planes');
      const dialog = page.getByRole('dialog', { name: 'Contrata un plan' });
      await expect.poll(() => dialog.getByRole('region', { name: 'Doce Clases' }).isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Pagar con Mercado Pago' }).isEnabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
      await expect.poll(() => dialog.count()).toBe(0);
      // Closed, the page forgets the plan: a reload does not open it again.
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(watch.consoleErrors).toEqual([]);
      await context.close();
    });

    it(`tells a client about an OXXO payment still pending before selling another, and lists Mis planes cleanly (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const watch = watchPage(page);
      await registerClient(page, baseUrl, 'Lucía Pardo');
      await purchaseLeft(page, 1, 'rejected');
      await purchaseLeft(page, 2, 'pending');

      // A brand-new client's day: no plan yet, the pending payment first, and a way to buy.
      await page.goto(`${baseUrl}/pilates/reservar?fecha=${nextMonday}`);
      const notice = page.getByText(/^Tienes un pago pendiente en OXXO del plan Cuatro Clases \(\$800\.00\) hasta el /);
      await expect.poll(() => notice.isVisible()).toBe(true);
      await expect
        .poll(() => page.getByText('Aún no tienes un plan: elige uno para reservar tus clases.').isVisible())
        .toBe(true);
      await page.screenshot({ path: screenshotPath(`reservar-cliente-nuevo-${width}`), fullPage: true });

      await page.getByRole('button', { name: 'Comprar un plan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contrata un plan' });
      await expect.poll(() => dialog.getByText(/Tienes un pago pendiente en OXXO/).isVisible()).toBe(true);
      await expect.poll(() => dialog.getByRole('button', { name: 'Comprar Plan' }).count()).toBe(6);
      await page.screenshot({ path: screenshotPath(`compra-con-pago-pendiente-${width}`), animations: 'disabled' });
      await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

      // Mis planes: the payment on its way, the plan to book with first, the rejected one apart below.
      givePlan(dataDir, await myEmail(page), { classes: 8, start: addDays(today, -60), end: addDays(today, -31) });
      givePlan(dataDir, await myEmail(page), {
        classes: 12,
        start: today,
        end: addDays(today, 29),
        name: 'Doce Clases',
      });
      await page.goto(`${baseUrl}/pilates/clases`);
      await page.getByRole('tab', { name: 'Planes' }).click();
      const failed = page.getByRole('region', { name: 'Pagos no completados' });
      await expect.poll(() => failed.isVisible()).toBe(true);
      expect(await failed.innerText()).toContain('Pago rechazado');
      expect(await page.getByRole('list', { name: 'Pagos en curso' }).innerText()).toContain('Pago pendiente');
      const plans = page.getByRole(width < 500 ? 'list' : 'table', { name: 'Mis planes' });
      await expect.poll(() => plans.isVisible()).toBe(true);
      const text = await plans.innerText();
      expect(text.indexOf('Doce Clases')).toBeLessThan(text.indexOf('Ocho Clases'));
      expect(text).not.toMatch(/#\d|\bID\b/);
      await page.screenshot({ path: screenshotPath(`mis-planes-${width}`), fullPage: true });
      expect(watch.consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('books once, with one toast, when Reservar is tapped while the page is still hydrating', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    // Every success toast that ever shows, however short its life (a toast closes after 1.5 s). Only
    // the toasts' own items count: for its first second Radix also copies each toast's text into a
    // visually hidden live region (ToastAnnounce, for screen readers), so a search of the page's
    // text finds "¡Has reservado con éxito!" twice then; the walk-through's "two toasts" matched it.
    await context.addInitScript(() => {
      const seen = new Set<Node>();
      (window as unknown as { toastsShown: () => number }).toastsShown = () => seen.size;
      new MutationObserver(() => {
        for (const item of Array.from(document.querySelectorAll('li'))) {
          if (item.textContent?.includes('¡Has reservado con éxito!')) seen.add(item);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const toastsShown = () => page.evaluate(() => (window as unknown as { toastsShown: () => number }).toastsShown());
    const email = await registerClient(page, baseUrl, 'Inés Prisa');
    const planId = givePlan(dataDir, email, { classes: 8, start: today, end: addDays(today, 40) });
    const watch = watchPage(page);
    const bookings: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/reservations/push-reservation')) bookings.push(request.url());
    });
    // The page's scripts arrive late, as on a slow phone: the server's markup is on screen meanwhile.
    let delayed = 0;
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      delayed += 1;
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });

    // A day no other journey books (they count the places of next Monday's classes).
    const day = addDays(nextMonday, 7);
    await page.goto(`${baseUrl}/pilates/reservar?fecha=${day}`, { waitUntil: 'commit' });
    const row = slotRow(page, '8:00 AM');
    const reservar = row.getByRole('button', { name: /Reservar|Reservando/ });
    await reservar.waitFor();
    // Tapped again and again from the moment it shows, through hydration, until a little after it.
    let hydratedAt: number | null = null;
    void hydrated(page).then(() => (hydratedAt = Date.now()));
    // Once interactive, a tap opens the room ("Elige tu reformer"): the tapping stops there and books in it.
    const chooser = page.getByRole('dialog', { name: 'Elige tu reformer' });
    let taps = 0;
    while (hydratedAt === null || Date.now() - hydratedAt < 300) {
      if (await chooser.isVisible()) break;
      await reservar.tap({ force: true, timeout: 200 }).catch(() => undefined);
      taps += 1;
      if (taps > 400) break;
    }
    expect(delayed).toBeGreaterThan(0);
    expect(taps).toBeGreaterThan(3);
    await confirmReformer(page, { double: true });

    await expect.poll(() => row.getByText('Reservada', { exact: true }).isVisible()).toBe(true);
    // The toast's code loads with the first toast, and this page's scripts arrive 1.5 s late: the
    // toast may show after "Reservada". Wait for it, then long enough for a second one to show.
    await expect.poll(toastsShown, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(2000);
    expect(bookings).toHaveLength(1);
    expect(await toastsShown()).toBe(1);
    expect(classesRemaining(dataDir, planId)).toBe(7);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});

async function myEmail(page: Page): Promise<string> {
  const answer = await page.request.get(`${baseUrl}/api/get-cookie`);
  return ((await answer.json()) as { user: { email: string } }).user.email;
}
