import Database from 'better-sqlite3';
import { join } from 'node:path';
import { addDays } from '@pilates/dates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { ADMIN } from './support/global-setup';
import { registerClient, today, logIn } from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/** A paid Mercado Pago purchase approved today, written into the e2e server's database. */
function approvedPayment(email: string, cents: number): void {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    const plan = db.prepare("SELECT id, name, class_count AS n FROM plans WHERE name = 'Ocho Clases'").get() as {
      id: number;
      name: string;
      n: number;
    };
    const now = new Date().toISOString().replace('T', ' ').slice(0, 23);
    db.prepare(
      `INSERT INTO payments (user_id, plan_id, plan_name, class_count, price_cents, commission_cents, total_cents,
         currency, status, reference, paid_cents, refunded_cents, approved_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, 'MXN', 'approved', ?, ?, 0, ?, ?, ?)`,
    ).run(user.id, plan.id, plan.name, plan.n, cents, cents, `pilates-e2e-fit-${Date.now()}`, cents, now, now, now);
  } finally {
    db.close();
  }
}

const logInAsAdmin = (page: Page) => logIn(page, baseUrl, ADMIN.email, ADMIN.password);

describe('owner dashboard on a phone and a laptop', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Seven figures of revenue: the longest amount a card must hold.
    const setup = await browser.newContext();
    const email = await registerClient(await setup.newPage(), baseUrl, 'Julia Cifras');
    await setup.close();
    approvedPayment(email, 1_234_567_89);
  });
  afterAll(() => browser?.close());

  for (const width of [390, 1280]) {
    it(`should keep every figure inside its card and show the whole week's heat map at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await logInAsAdmin(page);
      // Two weeks up to today: every weekday of the timetable is in the heat map.
      await page.goto(`${baseUrl}/pilates/panel?periodo=rango&desde=${addDays(today, -13)}&hasta=${today}`);
      await page.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
      await page.evaluate(() => document.fonts.ready);

      // The key figures: the first list of terms on the page, one card per figure.
      const figures = page.locator('dl').first().locator('> div');
      expect(await figures.count()).toBe(6);
      // At least that payment (other journeys may have bought plans in the same period): seven figures.
      expect(await figures.locator('dd').allTextContents()).toContainEqual(
        expect.stringMatching(/^\$1,2\d\d,\d{3}\.\d\d$/),
      );
      const cards = await figures.evaluateAll((cards) =>
        cards.map((card) => {
          const value = card.querySelector('dd')!;
          const style = getComputedStyle(value);
          return {
            value: value.textContent,
            fits: value.scrollWidth <= value.clientWidth && card.scrollWidth <= card.clientWidth,
            // The figure's ink inside the card's padding box.
            inside: value.getBoundingClientRect().right <= card.getBoundingClientRect().right,
            numeric: style.fontVariantNumeric,
          };
        }),
      );
      expect(cards.filter((card) => !card.fits || !card.inside).map((card) => card.value)).toEqual([]);
      expect(cards.map((card) => card.numeric)).toEqual(Array(6).fill('lining-nums tabular-nums'));

      // The heat map's seven day labels, each inside the visible part of its (scrollable) box.
      const heatmap = page.locator('table[data-heatmap]');
      await heatmap.scrollIntoViewIfNeeded();
      const days = await heatmap.evaluate((table) => {
        const box = table.parentElement!.getBoundingClientRect();
        return Array.from(table.querySelectorAll('thead th[abbr]'), (th) => {
          const rect = th.getBoundingClientRect();
          return { day: th.textContent, visible: rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5 };
        });
      });
      expect(days).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'].map((day) => ({ day, visible: true })));
      expect(await heatmap.evaluate((table) => getComputedStyle(table).fontVariantNumeric)).toBe(
        'lining-nums tabular-nums',
      );

      await page
        .locator('dl')
        .first()
        .screenshot({ path: screenshotPath(`dashboard-figures-${width}`) });
      await heatmap.screenshot({ path: screenshotPath(`dashboard-heatmap-${width}`) });
      await context.close();
    });
  }
});
