import Database from 'better-sqlite3';
import { join } from 'node:path';
import { addDays } from '@pilates/dates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { ADMIN } from './support/global-setup';
import { givePlan } from './support/db';
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
    db.prepare(
      `INSERT INTO payments (user_id, plan_id, plan_name, class_count, price_cents, commission_cents, total_cents,
         currency, status, reference, paid_cents, refunded_cents, approved_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, 'MXN', 'approved', ?, ?, 0, ?, ?, ?)`,
    ).run(
      user.id,
      plan.id,
      plan.name,
      plan.n,
      cents,
      cents,
      `pilates-e2e-panel-${Date.now()}`,
      cents,
      ...Array(3).fill(new Date().toISOString().replace('T', ' ').slice(0, 23)),
    );
  } finally {
    db.close();
  }
}

/**
 * The client in the latest class before today (one week back at most), marked as come (helper A's
 * door marking writes the same column). Returns the class's date.
 */
function attendedClass(email: string, planId: number): string {
  const db = new Database(join(dataDir, 'pilates.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    let date = addDays(today, -1);
    let schedule: { id: number; time: string; capacity: number } | undefined;
    for (let back = 1; back <= 7 && !schedule; back++) {
      date = addDays(today, -back);
      const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      schedule = db
        .prepare(
          'SELECT id, start_time AS time, capacity FROM schedules WHERE weekday = ? AND active = 1 ORDER BY start_time',
        )
        .get(weekday) as typeof schedule;
    }
    if (!schedule) throw new Error('no class in the past week of the timetable');
    const now = new Date().toISOString().replace('T', ' ').slice(0, 23);
    db.prepare(
      `INSERT INTO class_sessions (schedule_id, date, start_time, capacity, reserved_count, waiting_count, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, 1, 0, 'scheduled', ?, ?)
       ON CONFLICT (schedule_id, date) DO UPDATE SET reserved_count = reserved_count + 1`,
    ).run(schedule.id, date, schedule.time, schedule.capacity, now, now);
    const { id: sessionId } = db
      .prepare('SELECT id FROM class_sessions WHERE schedule_id = ? AND date = ?')
      .get(schedule.id, date) as { id: number };
    db.prepare(
      `INSERT INTO reservations (class_session_id, user_id, user_plan_id, status, active_marker, attended, created_at)
       VALUES (?, ?, ?, 'active', 1, 1, ?)`,
    ).run(sessionId, user.id, planId, now);
    return date;
  } finally {
    db.close();
  }
}

describe('owner dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('should open /pilates/panel at 1280 px with the figures and a chart, no console errors and no layout shift', async () => {
    // A client whose plan ends in three days with classes left, and a payment of this month.
    const setup = await browser.newContext();
    const email = await registerClient(await setup.newPage(), baseUrl, 'Renata Panel');
    await setup.close();
    const planId = givePlan(dataDir, email, {
      classes: 3,
      start: addDays(today, -20),
      end: addDays(today, 3),
      name: 'Ocho Clases',
    });
    approvedPayment(email, 1_500_00);
    const classDate = attendedClass(email, planId);
    // This month, or from that class on when it was last month (the first days of a month).
    const monthStart = `${today.slice(0, 8)}01`;
    const panelUrl =
      classDate < monthStart
        ? `${baseUrl}/pilates/panel?periodo=rango&desde=${classDate}&hasta=${today}`
        : `${baseUrl}/pilates/panel`;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logIn(page, baseUrl, ADMIN.email, ADMIN.password);
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) w.__shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(panelUrl);
    await page.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
    // The figures came with the server's page; the charts are drawn after hydration.
    const revenueChart = page.getByRole('img', { name: /Gráfica de ingresos/ });
    await expect.poll(() => revenueChart.locator('svg.recharts-surface').first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: /Gráfica de asistencia/ })
          .locator('svg')
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByText('Renata Panel').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /WhatsApp/ }).count()).toBe(0); // no phone, no link
    expect(await page.getByRole('button', { name: 'Enviar recordatorio' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Pagos (CSV)' }).getAttribute('href')).toMatch(
      /^\/api\/admin\/export\/payments\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.02);
    await page.screenshot({ path: screenshotPath('dashboard'), fullPage: true, animations: 'disabled' });

    // A CSV download with the session cookie (a plain GET, no CSRF header).
    const csv = await page.request.get(
      `${baseUrl}${await page.getByRole('link', { name: 'Pagos (CSV)' }).getAttribute('href')}`,
    );
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="pagos-/);
    expect((await csv.body()).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('should not load the charts on the home page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text());
    });
    await page.goto(`${baseUrl}/pilates`);
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((body) => body.includes('recharts-surface'))).toEqual([]);
    await context.close();
  });
});
