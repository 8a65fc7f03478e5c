import { addDays, formatLongDate, studioToday } from '@pilates/dates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { givePlan } from './support/db';
import { registerClient } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

// The server runs on the real clock: every date comes from today in the studio.
const today = studioToday(new Date(), 'America/Mexico_City');

const PRICES = ['$220.00', '$800.00', '$1,500.00', '$1,900.00', '$2,400.00', '$2,900.00'];

describe('plans', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should show a guest the six plans and lead Reservar to the booking calendar', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);

    await page.goto(`${baseUrl}/pilates/planes`);
    await page.getByRole('heading', { level: 1, name: 'Planes' }).waitFor();
    const list = page.getByRole('list', { name: 'Planes' });
    await list.getByRole('article').first().waitFor();
    expect(await list.getByRole('article').count()).toBe(6);
    const text = (await list.textContent()) ?? '';
    let from = 0;
    // The prices, in order.
    for (const price of PRICES) {
      const at = text.indexOf(price, from);
      expect(at, price).toBeGreaterThanOrEqual(from);
      from = at + price.length;
    }
    // The suite's server charges no commission: no "plus Comisión" announcing a fee of $0.
    expect(text).not.toMatch(/comisión/i);
    expect(await page.getByText('*Planes válidos un mes').isVisible()).toBe(true);
    expect(await page.title()).toMatch(/^Planes · /);

    // Six cards on two rows of three, each 300×400 px.
    const boxes = await list.getByRole('article').evaluateAll((cards) =>
      cards.map((card) => {
        const box = card.getBoundingClientRect();
        return { width: Math.round(box.width), height: Math.round(box.height), top: Math.round(box.top) };
      }),
    );
    expect(boxes.every((box) => box.width === 300 && box.height === 400)).toBe(true);
    expect(new Set(boxes.map((box) => box.top)).size).toBe(2);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: screenshotPath('planes-1280'), fullPage: true });
    // The cards up close, one of them hovered.
    await list.getByRole('article', { name: 'Dieciséis Clases' }).hover();
    await page.waitForTimeout(400); // the lift transition
    await list.screenshot({ path: screenshotPath('planes-tarjetas-1280') });
    await page.mouse.move(0, 0);

    await page.setViewportSize({ width: 375, height: 740 });
    const phoneWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(phoneWidth).toBe(375);
    await page.screenshot({ path: screenshotPath('planes-375'), fullPage: true });

    await list
      .getByRole('article', { name: 'Ocho Clases' })
      .getByRole('link', { name: /^Reservar/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/pilates/reservar');

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });

  it('should list a client’s two plans, paid, in the Planes tab of Mis clases', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const watch = watchPage(page);

    const email = await registerClient(page, baseUrl, 'Valeria Núñez');
    const lastMonth = addDays(today, -31);
    givePlan(dataDir, email, { classes: 4, start: lastMonth, end: addDays(lastMonth, 30), name: 'Cuatro Clases' });
    givePlan(dataDir, email, { classes: 8, start: today, end: addDays(today, 30), name: 'Ocho Clases' });

    await page.goto(`${baseUrl}/pilates/clases`);
    await page.getByRole('tab', { name: 'Planes' }).click();
    // On a phone the plans are cards.
    const cards = page.getByRole('list', { name: 'Mis planes' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    const ocho = cards.filter({ hasText: 'Ocho Clases' });
    expect(await ocho.textContent()).toContain('8 de 8');
    expect(await ocho.textContent()).toContain(formatLongDate(today));
    expect(await cards.filter({ hasText: 'Cuatro Clases' }).textContent()).toContain('4 de 4');
    expect(await cards.getByText('Pagado', { exact: true }).count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await page.screenshot({ path: screenshotPath('mis-planes-375'), fullPage: true });

    // A wide screen shows the same plans as a table.
    await page.setViewportSize({ width: 1280, height: 900 });
    const table = page.getByRole('table', { name: 'Mis planes' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    // The column header says Pagado too: count the badges in the body rows.
    expect(await table.locator('tbody').getByText('Pagado', { exact: true }).count()).toBe(2);
    await page.screenshot({ path: screenshotPath('mis-planes-1280'), fullPage: true });

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });
});
