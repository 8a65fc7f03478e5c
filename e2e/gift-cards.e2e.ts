/* Gift cards end to end: a client buys one for a friend in the test checkout (Modo de prueba) and
   gets the receipt; the friend reads the code in the mail, redeems it in Mis planes, buys a plan
   that the balance pays whole (no Mercado Pago step) and books a class with it. At 390 and 1280 px. */
import { addDays, formatLongDate } from '@pilates/dates';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import {
  confirmReformer,
  logIn,
  nextMonday,
  registerClient,
  sidewaysOverflow,
  slotRow,
  toast,
  today,
} from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
// Steps that wait for the server (checkout, webhook, mail): more than vitest's default on a busy machine.
const SLOW = { timeout: 15_000 };
const PASSWORD = 'clave-segura-1';
// A day no other journey books (they use next Monday, Tuesday, Wednesday, the Monday after, and later days).
const BOOKING_DAY = addDays(nextMonday, 10);
const PAID_WITH_BALANCE = '¡Listo! Tu saldo de regalo pagó tu plan y ya está activo.';

/** The text of the newest mail to `to` whose text matches `pattern` (the server writes .eml files to DATA_DIR/outbox). */
async function mailMatching(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = await simpleParser(await readFile(join(dir, file)));
      const text = mail.text ?? '';
      if (mail.to && JSON.stringify(mail.to).includes(to) && pattern.test(text)) return text;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A client registered through the API in a context of its own (the journey's page logs in itself). */
async function registered(browser: Browser, name: string): Promise<string> {
  const context = await browser.newContext();
  const email = await registerClient(await context.newPage(), baseUrl, name, PASSWORD);
  await context.close();
  return email;
}

/** Mis clases → Planes, where "Saldo de regalo" lives. */
async function openMyPlans(page: Page) {
  await page.goto(`${baseUrl}/pilates/clases`);
  await page.getByRole('tab', { name: 'Planes' }).click();
  const section = page.getByRole('region', { name: 'Saldo de regalo' });
  await section.waitFor();
  return section;
}

describe('gift cards', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const [width, height, buyerName, friendName] of [
    [390, 844, 'Paula Regalo', 'Lucía Festejo'],
    [1280, 900, 'Sofía Regalo', 'Marina Festejo'],
  ] as const) {
    it(`lets a client give a gift card that the friend redeems, buys a plan with and books (${width} px)`, async () => {
      const buyerEmail = await registered(browser, buyerName);
      const friendEmail = await registered(browser, friendName);

      // The buyer logs in and finds "Tarjeta de regalo" from Mis planes.
      const buyerContext = await browser.newContext({ viewport: { width, height } });
      const buyer = await buyerContext.newPage();
      const buyerWatch = watchPage(buyer);
      await logIn(buyer, baseUrl, buyerEmail, PASSWORD);
      const myBalance = await openMyPlans(buyer);
      await myBalance.getByRole('link', { name: 'Regalar una tarjeta de regalo' }).click();
      await buyer.waitForURL((url) => url.pathname === '/pilates/tarjeta-de-regalo');
      await buyer.getByRole('heading', { name: 'Tarjeta de regalo', level: 1 }).waitFor();

      // The owner's amounts (the defaults), then the plans at their price.
      const form = buyer.getByRole('form', { name: 'Comprar una tarjeta de regalo' });
      await form.getByRole('combobox', { name: /Monto/ }).click();
      const options = buyer.getByRole('option');
      await expect.poll(() => options.count()).toBeGreaterThan(6);
      const offered = await options.allInnerTexts();
      expect(offered.slice(0, 6)).toEqual(['$500.00', '$800.00', '$1,000.00', '$1,500.00', '$2,000.00', '$3,000.00']);
      expect(offered).toContain('Doce Clases · $1,900.00');
      await buyer.screenshot({ path: screenshotPath(`gift-amounts-${width}`), animations: 'disabled' });
      // $1,000 covers Cuatro Clases ($800; this server charges no commission).
      await buyer.getByRole('option', { name: '$1,000.00' }).click();
      await expect.poll(() => form.getByRole('combobox', { name: /Monto/ }).innerText()).toContain('$1,000.00');

      await form.getByLabel(/Nombre de quien recibe/).fill(friendName);
      await form.getByLabel(/Correo de quien recibe/).fill(friendEmail);
      await form.getByLabel(/Mensaje/).fill('¡Feliz cumpleaños! Disfruta tus clases.');
      // Delivered today: the mail goes out as soon as the payment is approved.
      expect(await form.getByLabel(/Fecha de entrega/).inputValue()).toBe(today);
      expect(await sidewaysOverflow(buyer)).toBe(0);
      await buyer.screenshot({ path: screenshotPath(`gift-form-${width}`), fullPage: true });

      // Mercado Pago's test checkout charges the card's total.
      await form.getByRole('button', { name: 'Pagar con Mercado Pago' }).click();
      await buyer.waitForURL((url) => url.pathname.startsWith('/api/mercadopago/simulador/'), SLOW);
      const checkout = await buyer.locator('main').innerText();
      expect(checkout).toContain('Modo de prueba');
      expect(checkout).toContain('Tarjeta de regalo — Pilates Reformer');
      expect(checkout).toContain('Total: $1,000.00');
      await buyer.screenshot({ path: screenshotPath(`gift-checkout-${width}`), fullPage: true });
      await buyer.getByRole('link', { name: 'Aprobar el pago' }).click();

      // Back on Tarjeta de regalo, the payment is acknowledged; the receipt arrives by mail.
      await buyer.waitForURL(
        (url) => url.pathname === '/pilates/tarjeta-de-regalo' && url.searchParams.get('pago') === 'aprobado',
        SLOW,
      );
      await expect
        .poll(() => buyer.getByRole('status').filter({ hasText: 'Recibimos tu pago.' }).isVisible(), SLOW)
        .toBe(true);
      expect(await sidewaysOverflow(buyer)).toBe(0);
      await buyer.screenshot({ path: screenshotPath(`gift-paid-${width}`), fullPage: true });

      const receipt = await mailMatching(buyerEmail, /Recibo de tu tarjeta de regalo|está pagada/);
      expect(receipt).toContain(`Tu tarjeta de regalo de $1,000.00 para ${friendName} está pagada.`);
      expect(receipt).toContain(`Se la enviaremos por correo el ${formatLongDate(today)}.`);
      expect(receipt).toContain('Total pagado: $1,000.00');
      // The receipt's link: the printable card, as the friend will see it.
      const cardPath = receipt.match(/\/pilates\/regalo\/[0-9a-f]{32}/)?.[0];
      expect(cardPath).toBeDefined();
      await buyer.goto(`${baseUrl}${cardPath}`);
      const printable = buyer.getByRole('article', { name: 'Tarjeta de regalo' });
      await printable.waitFor();
      expect(await printable.getByRole('heading', { name: `Para ${friendName}` }).isVisible()).toBe(true);
      expect(await printable.innerText()).toContain(`De parte de ${buyerName}`);
      expect(await printable.innerText()).toContain('$1,000.00');
      expect(await printable.innerText()).toContain('¡Feliz cumpleaños! Disfruta tus clases.');
      expect(await sidewaysOverflow(buyer)).toBe(0);
      await buyer.screenshot({ path: screenshotPath(`gift-card-page-${width}`), fullPage: true });
      expect(buyerWatch.consoleErrors).toEqual([]);
      expect(buyerWatch.externalRequests).toEqual([]);
      await buyerContext.close();

      // The friend's mail carries the code.
      const delivered = await mailMatching(friendEmail, /Tu código: /);
      expect(delivered).toContain(`${buyerName} te envía una tarjeta de regalo de $1,000.00`);
      expect(delivered).toContain('¡Feliz cumpleaños! Disfruta tus clases.');
      const code = delivered.match(/Tu código: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/)?.[1];
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9-]{19}$/);

      // The friend logs in and redeems it in Mis planes.
      const friendContext = await browser.newContext({ viewport: { width, height } });
      const friend = await friendContext.newPage();
      const friendWatch = watchPage(friend);
      const checkoutsOpened: string[] = [];
      friend.on('request', (request) => {
        if (request.url().includes('/api/mercadopago/simulador/')) checkoutsOpened.push(request.url());
      });
      await logIn(friend, baseUrl, friendEmail, PASSWORD);
      const balance = await openMyPlans(friend);
      const shown = balance.getByLabel('Tu saldo de regalo');
      await expect.poll(() => shown.innerText()).toBe('$0.00');
      await balance.getByLabel('Código de tu tarjeta de regalo').fill(code!.toLowerCase());
      await balance.getByRole('button', { name: 'Canjear' }).click();
      await expect
        .poll(() => toast(friend, 'Canjeaste tu tarjeta de regalo. Tu saldo es de $1,000.00.').isVisible(), SLOW)
        .toBe(true);
      await expect.poll(() => shown.innerText()).toBe('$1,000.00');
      const movements = balance.getByRole('list', { name: 'Movimientos del saldo de regalo' });
      await expect.poll(() => movements.getByRole('listitem').allInnerTexts()).toHaveLength(1);
      const [redeemed] = await movements.getByRole('listitem').allInnerTexts();
      expect(redeemed).toContain('Tarjeta de regalo canjeada');
      expect(redeemed).toContain(formatLongDate(today));
      expect(redeemed).toContain('+$1,000.00');
      expect(await sidewaysOverflow(friend)).toBe(0);
      // The toast gone first: it sits over the page in a full-page capture.
      await expect.poll(() => toast(friend, /Canjeaste/).count(), SLOW).toBe(0);
      await friend.screenshot({ path: screenshotPath(`gift-redeemed-${width}`), fullPage: true });

      // A plan the balance pays whole: the dialog says so, and no Mercado Pago step follows.
      await friend.goto(`${baseUrl}/pilates/planes`);
      await friend.getByRole('button', { name: 'Comprar el plan Cuatro Clases' }).click();
      const dialog = friend.getByRole('dialog', { name: 'Contrata un plan' });
      const summary = dialog.getByRole('region', { name: 'Cuatro Clases' });
      await expect.poll(() => summary.isVisible(), SLOW).toBe(true);
      await expect.poll(() => summary.innerText(), SLOW).toContain('Tu saldo de regalo de $1,000.00 paga primero');
      expect(await summary.innerText()).toContain('$800.00');
      await friend.screenshot({ path: screenshotPath(`gift-plan-summary-${width}`), animations: 'disabled' });
      expect(await dialog.innerText()).toContain('queda activo al instante, sin pasar por Mercado Pago');
      await dialog.getByRole('button', { name: 'Pagar con mi saldo de regalo' }).click();
      await friend.waitForURL((url) => url.pathname === '/pilates/clases', SLOW);
      expect(checkoutsOpened).toEqual([]);

      // Back on Mis clases, on Planes: the plan is active, the balance and its movements show it.
      await expect
        .poll(() => friend.getByRole('status').filter({ hasText: PAID_WITH_BALANCE }).isVisible(), SLOW)
        .toBe(true);
      expect(await friend.getByRole('tab', { name: 'Planes' }).getAttribute('aria-selected')).toBe('true');
      // Said once: the URL forgets it.
      await expect.poll(() => new URL(friend.url()).search).toBe('');
      const afterBalance = friend.getByRole('region', { name: 'Saldo de regalo' });
      await expect.poll(() => afterBalance.getByLabel('Tu saldo de regalo').innerText(), SLOW).toBe('$200.00');
      const spent = await afterBalance
        .getByRole('list', { name: 'Movimientos del saldo de regalo' })
        .getByRole('listitem')
        .allInnerTexts();
      expect(spent).toHaveLength(2);
      expect(spent[0]).toContain('Pagado con saldo (Cuatro Clases)');
      expect(spent[0]).toContain('−$800.00');
      expect(spent[1]).toContain('Tarjeta de regalo canjeada');
      const plans = friend.getByRole(width < 500 ? 'list' : 'table', { name: 'Mis planes' });
      await expect.poll(() => plans.isVisible()).toBe(true);
      expect(await plans.innerText()).toContain('Cuatro Clases');
      expect(await plans.innerText()).toContain('Pagado');
      expect(await sidewaysOverflow(friend)).toBe(0);
      await friend.screenshot({ path: screenshotPath(`gift-plan-paid-${width}`), fullPage: true });

      // Booked with it on Reservar.
      await friend.goto(`${baseUrl}/pilates/reservar?fecha=${BOOKING_DAY}`);
      const row = slotRow(friend, '8:00 AM');
      await row.getByRole('button', { name: 'Reservar' }).click();
      await confirmReformer(friend);
      await expect.poll(() => row.getByText('Reservada', { exact: true }).isVisible(), SLOW).toBe(true);
      expect(await sidewaysOverflow(friend)).toBe(0);
      await expect.poll(() => toast(friend, /Has reservado/).count(), SLOW).toBe(0);
      await friend.screenshot({ path: screenshotPath(`gift-booked-${width}`), fullPage: true });
      // The class came from the plan the balance paid.
      await openMyPlans(friend);
      await expect.poll(() => plans.innerText()).toContain('3 de 4');

      expect(friendWatch.consoleErrors).toEqual([]);
      expect(friendWatch.externalRequests).toEqual([]);
      await friendContext.close();
    });
  }
});
