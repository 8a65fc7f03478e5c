/**
 * WCAG 2.1 A/AA on every screen, checked by axe-core in the browser: every route of the client
 * (read from client/src/routes, as the server's ssr.int-spec does) at 390 and 1280 px — public pages
 * as a guest, a client's pages as a client, the admin pages as the admin — and every dialog open.
 * Each check collects all violations of the page before asserting, so one run shows the whole list.
 */
import { addDays, isoWeekday } from '@pilates/dates';
import axe from 'axe-core';
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { givePlan, removeClass } from './support/db';
import { ADMIN } from './support/global-setup';
import { CSRF, dayButtonName, nextMonday, registerClient, today } from './support/site';

const WIDTHS = [390, 1280] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A client's own pages (the side menu's group without a permission); the other panel pages are the admin's. */
const CLIENT_PAGES = ['/pilates/informacion', '/pilates/clases', '/pilates/tarjeta-de-regalo'];

/** 60 characters without a space: the longest name an instructor profile takes. */
const LONG_INSTRUCTOR = 'Maximiliana'.repeat(5) + 'Montes';
const INSTRUCTOR_SLUG = 'instructora-de-nombre-largo';

/** Every page's address, from the route files ($id: the seeded admin's account; $slug: the fixture's instructor). */
const ROUTES = resolve(__dirname, '..', 'client', 'src', 'routes');
const pages = readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('route.tsx') && !file.startsWith('__'))
  .map((file) => ({
    path: `/${file.replace(/\.tsx$/, '')}`
      .replace(/\/_panel\//, '/')
      .replace(/\/index$/, '')
      .replace(/_(?=\.)/g, '')
      .replace(/\.\$id\b/g, '/1')
      .replace(/\.\$slug\b/g, `/${INSTRUCTOR_SLUG}`)
      .replace(/\.\$\w+/g, '/x'),
    panel: file.includes('_panel'),
  }))
  // "/" only redirects to /pilates.
  .filter((page) => page.path !== '');
const publicPages = pages.filter((page) => !page.panel).map((page) => page.path);
const panelPages = pages.filter((page) => page.panel).map((page) => page.path);
const adminPages = panelPages.filter((path) => !CLIENT_PAGES.includes(path));

/** Runs axe on the page as it is now; answers one line per violation: rule, where, and the elements. */
async function violations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const result = await page.evaluate((values) => window.axe.run(document, { runOnly: { type: 'tag', values } }), TAGS);
  return result.violations.map(
    (violation) => `${violation.id} · ${where} · ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** Opens a page and lets its data arrive before axe reads it. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/** Waits for a dialog and its entrance animation, then checks the page with it open. */
async function withDialog(page: Page, dialog: Locator, where: string): Promise<string[]> {
  await dialog.waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const found = await violations(page, where);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count()).toBe(0);
  return found;
}

describe('WCAG 2.1 AA (axe-core) on every screen', () => {
  let browser: Browser;
  let guest: BrowserContext;
  let client: BrowserContext;
  let admin: BrowserContext;
  let clientName: string;
  let scheduleId: number;
  const baseUrl = inject('baseUrl');
  const dataDir = inject('dataDir');

  beforeAll(async () => {
    // An instructor with a 60-character unbroken name teaches a class of its own next Monday.
    const db = new Database(join(dataDir, 'pilates.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      const instructorId = Number(
        db
          .prepare("INSERT INTO instructors (name, slug, bio, specialties, active) VALUES (?, ?, '', '', 1)")
          .run(LONG_INSTRUCTOR, INSTRUCTOR_SLUG).lastInsertRowid,
      );
      scheduleId = Number(
        db
          .prepare(
            "INSERT INTO schedules (weekday, start_time, capacity, instructor_id, instructor) VALUES (?, '21:05', 8, ?, ?)",
          )
          .run(isoWeekday(nextMonday), instructorId, LONG_INSTRUCTOR).lastInsertRowid,
      );
    } finally {
      db.close();
    }

    browser = await launchBrowser();
    // The site's Content-Security-Policy allows only its own scripts: axe is injected past it.
    guest = await browser.newContext({ bypassCSP: true });
    client = await browser.newContext({ bypassCSP: true });
    admin = await browser.newContext({ bypassCSP: true });

    // A client with a plan and the fixture's class booked (Mis clases lists it, with its cancel dialog); the
    // class goes with its booking after the file, leaving the seeded timetable to the other journeys.
    const clientPage = await client.newPage();
    clientName = 'Ximena Accesible';
    const email = await registerClient(clientPage, baseUrl, clientName);
    givePlan(dataDir, email, { classes: 4, start: today, end: addDays(today, 40) });
    const booked = await clientPage.request.post(`${baseUrl}/api/reservations/push-reservation`, {
      headers: CSRF,
      data: { date: nextMonday, classReservation: scheduleId },
    });
    expect(booked.status()).toBe(201);

    // A Mercado Pago purchase of theirs, so Usuarios offers its refund dialog.
    const catalogue = await (await clientPage.request.get(`${baseUrl}/api/planes/get-planes`)).json();
    const plan = (catalogue.planes as { id: number; name: string }[]).find((p) => p.name === 'Una Clase')!;
    const checkout = await clientPage.request.post(`${baseUrl}/api/mercadopago`, {
      headers: CSRF,
      data: { planId: plan.id },
    });
    await clientPage.goto((await checkout.json()).url);
    await clientPage.getByRole('link', { name: 'Aprobar el pago' }).click();
    await clientPage.waitForURL((url) => url.pathname === '/pilates/clases');
    await clientPage.close();

    const adminPage = await admin.newPage();
    const login = await adminPage.request.post(`${baseUrl}/api/auth/login`, { headers: CSRF, data: ADMIN });
    expect(login.status()).toBe(200);
    // An admin action, so Auditoría lists a change (its table, not the empty state).
    const users = new Database(join(dataDir, 'pilates.sqlite'), { readonly: true });
    const userId = (users.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
    users.close();
    const ocho = (catalogue.planes as { id: number; name: string }[]).find((p) => p.name === 'Ocho Clases')!;
    const added = await adminPage.request.post(`${baseUrl}/api/planes/add-plan-admin`, {
      headers: CSRF,
      data: {
        selectplan: ocho.id,
        number: 8,
        startdate: today,
        enddate: addDays(today, 29),
        pagado: 0,
        id_user: userId,
      },
    });
    expect(added.status()).toBe(201);
    await adminPage.close();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    removeClass(dataDir, scheduleId);
    const db = new Database(join(dataDir, 'pilates.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('DELETE FROM instructors WHERE slug = ?').run(INSTRUCTOR_SLUG);
    } finally {
      db.close();
    }
  });

  it('should know every page of the client as public, a client page or an admin page', () => {
    expect(publicPages).toEqual(
      expect.arrayContaining(['/pilates', '/pilates/planes', '/pilates/reservar', '/pilates/cuenta', '/cycling']),
    );
    expect(panelPages).toEqual(expect.arrayContaining(CLIENT_PAGES));
    expect(adminPages).toEqual(
      expect.arrayContaining(['/pilates/panel', '/pilates/usuarios', '/pilates/auditoria', '/pilates/horario']),
    );
    expect(pages.length).toBe(publicPages.length + CLIENT_PAGES.length + adminPages.length);
  });

  for (const width of WIDTHS) {
    it(`should find no violation on the public pages as a guest at ${width} px`, async () => {
      const page = await guest.newPage();
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      for (const path of publicPages) {
        await open(page, `${baseUrl}${path}`);
        found.push(...(await violations(page, `${path} ${width}`)));
      }
      // The logo's link is named by the words it shows, then where it leads.
      expect(
        await page
          .getByRole('banner')
          .getByRole('link', { name: /^Pilates Reformer .+: inicio$/ })
          .count(),
      ).toBe(1);
      if (width < 768) {
        // The phone's menu.
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        found.push(
          ...(await withDialog(
            page,
            page.getByRole('dialog', { name: 'Menú' }),
            `${publicPages.at(-1)} ${width} Menú`,
          )),
        );
      }
      await page.close();
      expect(found).toEqual([]);
    });

    it(`should find no violation on the client's pages and dialogs at ${width} px`, async () => {
      const page = await client.newPage();
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      for (const path of [...publicPages.filter((path) => path !== '/pilates/cuenta'), ...CLIENT_PAGES]) {
        await open(page, `${baseUrl}${path}`);
        found.push(...(await violations(page, `${path} ${width} cliente`)));
      }

      // Planes: the purchase dialog.
      await open(page, `${baseUrl}/pilates/planes`);
      await page.getByRole('button', { name: 'Comprar el plan Cuatro Clases' }).click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Contrata un plan' }),
          `/pilates/planes ${width} Contrata un plan`,
        )),
      );

      // Mis clases: cancelling the booked class.
      await open(page, `${baseUrl}/pilates/clases`);
      await page
        .getByRole('main')
        .getByRole('button', { name: /^Cancelar/ })
        .first()
        .click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: /^¿Cancelar tu clase/ }),
          `/pilates/clases ${width} cancelar`,
        )),
      );
      await page.close();
      expect(found).toEqual([]);
    });

    it(`should fit Reservar in ${width} px with a 60-character unbroken instructor name`, async () => {
      const page = await guest.newPage();
      await page.setViewportSize({ width, height: 900 });
      await open(page, `${baseUrl}/pilates/reservar?fecha=${nextMonday}`);
      await page.getByRole('listitem').filter({ hasText: LONG_INSTRUCTOR }).first().waitFor();
      // The day button's name begins with the words it shows.
      const day = page.getByRole('button', { name: dayButtonName(nextMonday) });
      expect(await day.count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const found = await violations(page, `/pilates/reservar ${width} instructor largo`);
      await page.close();
      expect(found).toEqual([]);
    });

    it(`should find no violation on the admin pages and dialogs at ${width} px`, async () => {
      const page = await admin.newPage();
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      for (const path of adminPages) {
        await open(page, `${baseUrl}${path}`);
        // The Panel's charts come after hydration: their legends are checked too.
        if (path === '/pilates/panel') await page.locator('.recharts-legend-item-text').first().waitFor();
        found.push(...(await violations(page, `${path} ${width} admin`)));
      }

      // Auditoría's table may scroll sideways: a named region the keyboard reaches.
      if (width >= 768) {
        await open(page, `${baseUrl}/pilates/auditoria`);
        const box = page.getByRole('region', { name: 'Cambios registrados' });
        expect(await box.getAttribute('tabindex')).toBe('0');
        expect(await box.getByRole('table', { name: 'Cambios registrados' }).count()).toBe(1);
      }

      // Usuarios: edit, plans, refund and the desk sale of the client.
      await open(page, `${baseUrl}/pilates/usuarios`);
      await page.getByLabel('Buscar usuario').fill(clientName);
      const actions =
        width < 768 ? page.getByRole('list', { name: 'Usuarios' }) : page.getByRole('table', { name: 'Usuarios' });
      const edit = actions.getByRole('button', { name: new RegExp(`^Editar a ${clientName}`) });
      await edit.click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Editar usuario' }),
          `/pilates/usuarios ${width} Editar usuario`,
        )),
      );

      await actions.getByRole('button', { name: new RegExp(`^Planes de ${clientName}`) }).click();
      const plans = page.getByRole('dialog', { name: `Planes de ${clientName}` });
      await plans.waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      found.push(...(await violations(page, `/pilates/usuarios ${width} Planes`)));
      await plans.getByRole('button', { name: /^Reembolsar la compra #/ }).click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Reembolsar pago' }),
          `/pilates/usuarios ${width} Reembolsar pago`,
        )),
      );
      await page.keyboard.press('Escape');
      await expect.poll(() => plans.count()).toBe(0);

      // A card shows the desk sale as a button of its own; a table row keeps it under "Más acciones".
      if (width < 768) {
        await actions.getByRole('button', { name: `Venta en mostrador a ${clientName}` }).click();
      } else {
        await actions.getByRole('button', { name: `Más acciones para ${clientName}` }).click();
        await page.getByRole('menuitem', { name: 'Venta en mostrador' }).click();
      }
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Venta en mostrador' }),
          `/pilates/usuarios ${width} Venta en mostrador`,
        )),
      );

      // Horario: editing a class, and the confirmation before cancelling one on a date.
      await open(page, `${baseUrl}/pilates/horario`);
      await page.getByRole('button', { name: 'Editar la clase del sábado a las 10:00 AM' }).click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Editar clase' }),
          `/pilates/horario ${width} Editar clase`,
        )),
      );
      await page.getByLabel('Fecha').fill(nextMonday);
      await page.getByRole('combobox', { name: 'Clase' }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('button', { name: 'Cancelar clase', exact: true }).click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: '¿Cancelar esta clase?' }),
          `/pilates/horario ${width} cancelar clase`,
        )),
      );

      // Clases (the rosters): a class's roster and its cancel confirmation.
      await open(page, `${baseUrl}/pilates/usuarios-clases?fecha=${nextMonday}`);
      await page.getByRole('main').locator('button[aria-haspopup="dialog"]').first().click();
      const roster = page.getByRole('dialog').first();
      await roster.waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      found.push(...(await violations(page, `/pilates/usuarios-clases ${width} lista`)));
      await roster.getByRole('button', { name: 'Cancelar clase' }).click();
      await roster.getByText('¿Cancelar esta clase?', { exact: false }).waitFor();
      found.push(...(await withDialog(page, roster, `/pilates/usuarios-clases ${width} cancelar clase`)));
      await page.close();
      expect(found).toEqual([]);
    });
  }
});
