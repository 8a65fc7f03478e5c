/**
 * WCAG 2.1 A/AA on every screen, checked by axe-core in the browser: every route of the client
 * (read from client/src/routes, as the server's ssr.int-spec does) at 390 and 1280 px — public pages
 * as a guest, a client's pages as a client, the admin pages as the admin — and every dialog open.
 * Each check collects all violations of the page before asserting, so one run shows the whole list.
 */
import { addDays, isoWeekday } from '@pilates/dates';
import axe from 'axe-core';
import Database from 'better-sqlite3';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { givePlan, removeClass, unpublishTerms } from './support/db';
import { ADMIN } from './support/global-setup';
import { HEALTH_PROFILE } from '../scripts/lib/health-profile.mjs';
import {
  confirmReformer,
  CSRF,
  dayButtonName,
  nextMonday,
  registerClient,
  slotRow,
  toast,
  today,
} from './support/site';

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

/**
 * Every component of client/src that renders a dialog (`<Dialog`, `<FormDialog`, Radix's `<Dialog.Root`),
 * and the dialogs of it this sweep opens (by their accessible names). A new file with a dialog fails the
 * first test until it is listed here, and opened below.
 */
const DIALOG_FILES: Record<string, string> = {
  'components/forms/form-dialog.tsx': 'the frame of every form dialog below',
  'components/layout/mobile-menu-drawer.tsx': 'Menú (guest, 390 px)',
  'features/admin-catalogue/components/add-plan-dialog.tsx': 'Agregar plan (Catálogo)',
  'features/admin-catalogue/components/edit-plan-dialog.tsx': 'Editar plan (Catálogo)',
  'features/admin-catalogue/components/catalogue-editor.tsx': 'Ocultar plan',
  'features/admin-class-types/components/class-type-dialog.tsx': 'Nuevo tipo de clase, Editar tipo de clase',
  'features/admin-instructors/components/instructor-dialog.tsx': 'Nuevo instructor, Editar instructor',
  'features/admin-instructors/components/instructor-photo-dialog.tsx': 'Foto del instructor',
  'features/admin-invoices/components/cancel-invoice-dialog.tsx': 'Cancelar factura (Facturas)',
  'features/admin-invoices/components/substitute-invoice-dialog.tsx': 'Sustituir factura (Facturas)',
  'features/admin-arco/components/arco-status-dialog.tsx': 'Cambiar estado (Solicitudes ARCO)',
  'features/admin-memberships/components/membership-detail-dialog.tsx':
    'Membresía, and its «Reembolsar cobro» question',
  'features/admin-promos/components/add-promo-code-dialog.tsx': 'Nuevo código',
  'features/admin-users/components/add-plan-dialog.tsx': 'Agregar plan (Usuarios)',
  'features/admin-users/components/add-user-dialog.tsx': 'Agregar usuario',
  'features/admin-users/components/delete-account-dialog.tsx': 'Eliminar cuenta (solicitud del titular)',
  'features/admin-users/components/edit-plan-dialog.tsx': 'Editar plan (Planes de …)',
  'features/admin-users/components/edit-user-dialog.tsx': 'Editar usuario',
  'features/admin-users/components/refund-payment-dialog.tsx': 'Reembolsar pago',
  'features/admin-users/components/user-classes-dialog.tsx': 'Clases de …, Quitar de la clase',
  'features/admin-users/components/user-plans-dialog.tsx': 'Planes de …',
  'features/admin-users/components/user-status-dialog.tsx': 'Desactivar usuario',
  'features/booking/components/accept-terms-dialog.tsx': 'Actualizamos nuestros términos (Reservar, new terms)',
  'features/booking/components/booking-dialogs.tsx':
    'La fecha está fuera del rango del plan (Contrata un plan: PurchaseDialog)',
  'features/booking/components/choose-reformer-dialog.tsx': 'Elige tu reformer',
  'features/booking/components/roster-dialog.tsx': 'a class roster, and its ¿Cancelar esta clase?',
  'features/desk-sale/components/desk-sale-dialog.tsx': 'Venta en mostrador',
  'features/forgive/components/forgive-dialog.tsx': 'Perdonar (from Clases de …)',
  'features/gift-cards/components/admin-gift-cards.tsx': 'Reembolsar y anular',
  'features/health-profile/components/health-detail-dialog.tsx': "Notas de salud de … (a roster's marker)",
  'features/health-profile/components/health-profile-dialog.tsx': 'Cuestionario de salud',
  'features/informacion/components/change-info-dialog.tsx': 'Cambiar información',
  'features/informacion/components/change-password-dialog.tsx': 'Cambiar contraseña',
  'features/informacion/components/delete-account-dialog.tsx': 'Eliminar mi cuenta',
  'features/legal/components/publish-legal-dialog.tsx': 'Publicar nueva versión: … (Textos legales)',
  'features/memberships/components/cancel-membership-dialog.tsx': '¿Cancelar tu membresía? (Mis planes)',
  'features/memberships/components/pause-membership-dialog.tsx': 'Pausar tu membresía (Mis planes)',
  'features/memberships/components/subscribe-dialog.tsx': 'Membresía … (Planes, «Suscribirme»)',
  'features/my-classes/components/calendar-feed.tsx': '¿Generar un enlace nuevo?',
  'features/my-classes/components/cancel-reservation-dialog.tsx': '¿Cancelar tu clase…?',
  'features/plans/components/plan-history.tsx': 'Historial de …',
  'features/purchase/components/purchase-dialog.tsx': 'Contrata un plan',
  'features/sala/components/outage-section.tsx': 'Marcar fuera de servicio (form and preview), Terminar: …',
  'features/sala/components/sala-editor.tsx': 'Retirar …',
  'features/sala/components/spot-dialogs.tsx': 'Agregar reformer, Editar reformer, Mover instructora',
  'features/timetable/components/add-schedule-dialog.tsx': 'Agregar clase',
  'features/timetable/components/cancel-class-form.tsx': '¿Cancelar esta clase?',
  'features/timetable/components/edit-schedule-dialog.tsx': 'Editar clase',
  'features/timetable/components/timetable-editor.tsx': 'Desactivar clase',
  'features/waitlist/components/waitlist-dialogs.tsx': '¿Unirte a la lista de espera?, and leaving it',
};
const CLIENT_SRC = resolve(__dirname, '..', 'client', 'src');
const dialogFiles = readdirSync(CLIENT_SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
  .filter((file) => /<(Dialog|FormDialog)(\s|$|\.Root)/m.test(readFileSync(join(CLIENT_SRC, file), 'utf8')))
  .map((file) => file.split('\\').join('/'))
  .sort();

/** Runs axe on the page as it is now; answers one line per violation: rule, where, and the elements. */
async function violations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  // Only the violations are wanted: axe then keeps one example of each pass instead of every node.
  const result = await page.evaluate(
    (values) => window.axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] }),
    TAGS,
  );
  return result.violations.map(
    (violation) => `${violation.id} · ${where} · ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** The requests each page of the sweep has in flight (its contexts record them from the start). */
const inFlight = new WeakMap<Page, Set<Request>>();

/** A context for the sweep: axe injected past the site's CSP, no motion (a dialog is drawn at once in its
 * final state, as for a visitor who asks for less motion), and every page's requests in flight recorded. */
async function sweepContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
  context.on('page', (page) => {
    const pending = new Set<Request>();
    inFlight.set(page, pending);
    page.on('request', (request) => pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => pending.delete(request));
  });
  return context;
}

/** Waits until the page has had no request in flight for 150 ms: its data has arrived and been drawn
 * (Playwright's networkidle waits 500 ms, most of this file's time when it had it). */
async function settled(page: Page): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('settled() needs a page of a sweepContext');
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 150) {
    if (Date.now() > deadline) throw new Error(`still in flight after 15 s: ${[...pending].map((r) => r.url())}`);
    await new Promise((done) => setTimeout(done, 25));
    if (pending.size > 0) quietSince = Date.now();
  }
}

/** Opens a page and lets its data arrive before axe reads it. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
}

/** Waits for a dialog and its data, then checks the page with it open. */
async function withDialog(page: Page, dialog: Locator, where: string): Promise<string[]> {
  await dialog.waitFor();
  await settled(page);
  const found = await violations(page, where);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count()).toBe(0);
  return found;
}

/** Opens a dialog with its trigger and checks the page with it open (then closes it). */
async function sweep(page: Page, trigger: Locator, name: string | RegExp, where: string): Promise<string[]> {
  await trigger.click();
  return withDialog(page, page.getByRole('dialog', { name }), where);
}

/** Checks the page with a dialog open, leaving it open. */
async function whileOpen(page: Page, dialog: Locator, where: string): Promise<string[]> {
  await dialog.waitFor();
  await settled(page);
  return violations(page, where);
}

/** Closes whatever dialogs are still open. */
async function closeDialogs(page: Page) {
  for (let left = await page.getByRole('dialog').count(); left > 0; left -= 1) {
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBeLessThan(left);
  }
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

/** A past Monday (the seeded 7:00 AM class) the client missed: "Perdonar" beside it on Usuarios. */
const MISSED_DAY = addDays(nextMonday, -21);
/** Far ahead: the outage this file makes, and the one its preview proposes, touch no other journey's day. */
const OUTAGE_DAY = addDays(today, 300);
const PREVIEW_DAY = addDays(today, 200);

describe('WCAG 2.1 AA (axe-core) on every screen', () => {
  let browser: Browser;
  let guest: BrowserContext;
  let client: BrowserContext;
  let admin: BrowserContext;
  let outOfPlan: BrowserContext;
  let member: BrowserContext;
  let membershipPlanId: number;
  let clientName: string;
  let scheduleId: number;
  let fullScheduleId: number;
  let missedReservationId: number;
  let outageId: number;
  let arcoFolio: string;
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
      // A class of one place, taken (below): Reservar offers its waiting list.
      fullScheduleId = Number(
        db
          .prepare("INSERT INTO schedules (weekday, start_time, capacity) VALUES (?, '21:25', 1)")
          .run(isoWeekday(nextMonday)).lastInsertRowid,
      );
      // A reformer out of service far ahead: Sala lists it with "Terminar".
      const spot = db.prepare('SELECT id FROM spots WHERE retired_at IS NULL ORDER BY id LIMIT 1').get() as {
        id: number;
      };
      const adminId = (db.prepare('SELECT id FROM users WHERE email = ?').get(ADMIN.email) as { id: number }).id;
      outageId = Number(
        db
          .prepare(
            "INSERT INTO spot_outages (spot_id, from_date, to_date, reason, created_by) VALUES (?, ?, ?, 'Revisión de resortes', ?)",
          )
          .run(spot.id, OUTAGE_DAY, OUTAGE_DAY, adminId).lastInsertRowid,
      );
    } finally {
      db.close();
    }

    browser = await launchBrowser();
    // One context per role (see sweepContext).
    guest = await sweepContext(browser);
    client = await sweepContext(browser);
    admin = await sweepContext(browser);
    outOfPlan = await sweepContext(browser);
    member = await sweepContext(browser);

    // A client with a plan and the fixture's class booked (Mis clases lists it, with its cancel dialog); the
    // class goes with its booking after the file, leaving the seeded timetable to the other journeys.
    const clientPage = await client.newPage();
    clientName = 'Ximena Accesible';
    const email = await registerClient(clientPage, baseUrl, clientName);
    // Her questionnaire notes an injury: the rosters mark her, with «Notas de salud» behind the marker.
    const noted = await clientPage.request.post(`${baseUrl}/api/informacion/health`, {
      headers: CSRF,
      data: { ...HEALTH_PROFILE, hasInjuries: true, injuries: 'Dolor lumbar' },
    });
    expect(noted.status()).toBe(200);
    givePlan(dataDir, email, { classes: 4, start: today, end: addDays(today, 40) });
    const booked = await clientPage.request.post(`${baseUrl}/api/reservations/push-reservation`, {
      headers: CSRF,
      data: { date: nextMonday, classReservation: scheduleId },
    });
    expect(booked.status()).toBe(201);

    // A request under the data-protection law: «Solicitudes ARCO» offers «Cambiar estado».
    const arco = await clientPage.request.post(`${baseUrl}/api/arco-request`, {
      headers: CSRF,
      data: { name: 'Inés Accesible', email: 'ines.accesible@example.com', right: 'acceso', detail: 'Mis datos.' },
    });
    expect(arco.status()).toBe(201);
    arcoFolio = (await arco.json()).folio;

    // Another client takes the one place of the full class.
    const otherPage = await guest.newPage();
    const other = await registerClient(otherPage, baseUrl, 'Olga Llena');
    givePlan(dataDir, other, { classes: 4, start: today, end: addDays(today, 40) });
    const taken = await otherPage.request.post(`${baseUrl}/api/reservations/push-reservation`, {
      headers: CSRF,
      data: { date: nextMonday, classReservation: fullScheduleId },
    });
    expect(taken.status()).toBe(201);
    await otherPage.request.post(`${baseUrl}/api/auth/logout`, { headers: CSRF });
    await otherPage.close();

    // A client whose plan ends before next Monday: booking that day answers "fuera del rango del plan".
    const outOfPlanPage = await outOfPlan.newPage();
    const late = await registerClient(outOfPlanPage, baseUrl, 'Paula Fuera');
    givePlan(dataDir, late, { classes: 4, start: today, end: addDays(nextMonday, -1) });
    await outOfPlanPage.close();

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
    // A membership on sale (Planes' «Suscribirme»), and a member whose first charge was approved
    // (Mis planes' «Pausar» and «Cancelar membresía»); off sale again after the file.
    const membershipPlan = await adminPage.request.post(`${baseUrl}/api/planes/catalogo/add`, {
      headers: CSRF,
      data: { name: 'Membresía accesible', price: 1200, kind: 'membership', weeklyLimit: 3 },
    });
    expect(membershipPlan.status()).toBe(201);
    membershipPlanId = (await membershipPlan.json()).plan.id;
    const memberPage = await member.newPage();
    await registerClient(memberPage, baseUrl, 'Mónica Miembro');
    const subscribed = await memberPage.request.post(`${baseUrl}/api/mercadopago/subscribe`, {
      headers: CSRF,
      data: { planId: membershipPlanId },
    });
    expect(subscribed.status()).toBe(200);
    await memberPage.goto((await subscribed.json()).url);
    await memberPage.getByRole('link', { name: 'Autorizar la tarjeta: primer cobro aprobado' }).click();
    await memberPage.waitForURL((url) => url.pathname === '/pilates/clases');
    await memberPage.close();
    // An admin action, so Auditoría lists a change (its table, not the empty state).
    const users = new Database(join(dataDir, 'pilates.sqlite'), { readonly: true });
    const userId = (users.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
    users.close();
    // A class the client missed (7:00 AM, three weeks before next Monday), on a plan of its own.
    const missedPlan = givePlan(dataDir, email, { classes: 4, start: addDays(MISSED_DAY, -1), end: MISSED_DAY });
    const fixtures = new Database(join(dataDir, 'pilates.sqlite'));
    try {
      fixtures.pragma('busy_timeout = 5000');
      const schedule = fixtures
        .prepare("SELECT id FROM schedules WHERE weekday = ? AND start_time = '07:00'")
        .get(isoWeekday(MISSED_DAY)) as { id: number };
      fixtures
        .prepare(
          `INSERT INTO class_sessions (schedule_id, date, start_time, capacity, reserved_count) VALUES (?, ?, '07:00', 8, 1)
         ON CONFLICT (schedule_id, date) DO UPDATE SET reserved_count = reserved_count + 1`,
        )
        .run(schedule.id, MISSED_DAY);
      // An issued invoice of this month, so Facturas offers «Cancelar factura» (the suite's server runs
      // no job to stamp one; the dialog only asks the PAC when confirmed).
      const stamp = new Date().toISOString().replace('T', ' ').slice(0, 23);
      fixtures
        .prepare(
          `INSERT INTO invoices (purchase_kind, purchase_id, user_id, period, status, total_cents, payment_form, rfc,
             legal_name, tax_system, zip, cfdi_use, email, provider_id, uuid, series, folio_number, attempts,
             next_attempt_at, issued_at, needs_accountant, created_at, updated_at)
           VALUES ('payment', 999999, ?, ?, 'issued', 120000, '04', 'GODE561231GR8', 'EMILIO GOMEZ DIAZ', '612',
             '52140', 'G03', ?, 'sim_e2e_a11y', '5d1a6b3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'F', 1, 1, ?, ?, 0, ?, ?)`,
        )
        .run(userId, today.slice(0, 7), email, stamp, stamp, stamp, stamp);
      const session = fixtures
        .prepare('SELECT id FROM class_sessions WHERE schedule_id = ? AND date = ?')
        .get(schedule.id, MISSED_DAY) as { id: number };
      missedReservationId = Number(
        fixtures
          .prepare(
            `INSERT INTO reservations (class_session_id, user_id, user_plan_id, status, active_marker, class_date, attended)
             VALUES (?, ?, ?, 'active', 1, ?, 0)`,
          )
          .run(session.id, userId, missedPlan, MISSED_DAY).lastInsertRowid,
      );
    } finally {
      fixtures.close();
    }
    // A gift card sold at the desk, so Tarjetas de regalo offers "Reembolsar y anular".
    const gift = await adminPage.request.post(`${baseUrl}/api/admin/desk-sales/gift-card`, {
      headers: CSRF,
      data: {
        userId,
        amount: 1000,
        recipientName: 'Renata Regalo',
        recipientEmail: 'renata.regalo@example.com',
        message: '',
        deliverOn: addDays(today, 1),
        method: 'efectivo',
        received: 1000,
      },
    });
    expect(gift.status()).toBe(200);
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
    if (membershipPlanId) {
      const off = await admin.newPage();
      await off.request.post(`${baseUrl}/api/planes/catalogo/hide`, { headers: CSRF, data: { id: membershipPlanId } });
      await off.close();
    }
    await browser?.close();
    removeClass(dataDir, scheduleId);
    removeClass(dataDir, fullScheduleId);
    const db = new Database(join(dataDir, 'pilates.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('DELETE FROM instructors WHERE slug = ?').run(INSTRUCTOR_SLUG);
      db.prepare('DELETE FROM spot_outages WHERE id = ?').run(outageId);
      if (arcoFolio) db.prepare('DELETE FROM arco_requests WHERE folio = ?').run(arcoFolio);
      const missed = db
        .prepare('SELECT class_session_id AS id FROM reservations WHERE id = ?')
        .get(missedReservationId) as { id: number } | undefined;
      if (missed) {
        db.prepare('DELETE FROM reservations WHERE id = ?').run(missedReservationId);
        db.prepare('UPDATE class_sessions SET reserved_count = reserved_count - 1 WHERE id = ?').run(missed.id);
        db.prepare(
          'DELETE FROM class_sessions WHERE id = ? AND NOT EXISTS (SELECT 1 FROM reservations WHERE class_session_id = ?)',
        ).run(missed.id, missed.id);
      }
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
      expect.arrayContaining([
        '/pilates/panel',
        '/pilates/usuarios',
        '/pilates/auditoria',
        '/pilates/horario',
        '/pilates/facturas',
      ]),
    );
    expect(pages.length).toBe(publicPages.length + CLIENT_PAGES.length + adminPages.length);
  });

  it('should open every dialog of the client: each component with a dialog is listed', () => {
    expect(dialogFiles).toEqual(Object.keys(DIALOG_FILES).sort());
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

      // Planes: a membership's subscription.
      await page.getByRole('button', { name: 'Suscribirme a la membresía Membresía accesible' }).click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Membresía Membresía accesible' }),
          `/pilates/planes ${width} Suscribirme`,
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

    it(`should find no violation with the client's other dialogs open at ${width} px`, async () => {
      const page = await client.newPage();
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      const main = page.getByRole('main');

      // Mi información: change my information, change password.
      await open(page, `${baseUrl}/pilates/informacion`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Cambiar información', exact: true }),
          'Cambiar información',
          `/pilates/informacion ${width} Cambiar información`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Cambiar contraseña', exact: true }),
          'Cambiar contraseña',
          `/pilates/informacion ${width} Cambiar contraseña`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Eliminar mi cuenta', exact: true }),
          'Eliminar mi cuenta',
          `/pilates/informacion ${width} Eliminar mi cuenta`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Actualizar mi cuestionario' }),
          'Cuestionario de salud',
          `/pilates/informacion ${width} Cuestionario de salud`,
        )),
      );

      // Mis clases: a new calendar link; on the Planes tab (its own page state), a plan's history.
      await open(page, `${baseUrl}/pilates/clases`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Generar un enlace nuevo' }),
          '¿Generar un enlace nuevo?',
          `/pilates/clases ${width} enlace nuevo`,
        )),
      );
      await open(page, `${baseUrl}/pilates/clases?ver=planes`);
      await main
        .getByRole('button', { name: /^Historial de / })
        .first()
        .waitFor();
      found.push(...(await violations(page, `/pilates/clases?ver=planes ${width}`)));
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: /^Historial de / }).first(),
          /^Historial de /,
          `/pilates/clases ${width} Historial`,
        )),
      );

      // Reservar: the reformer picker, then joining and leaving the waiting list of the full class.
      await open(page, `${baseUrl}/pilates/reservar?fecha=${nextMonday}`);
      found.push(
        ...(await sweep(
          page,
          slotRow(page, '7:00 PM').getByRole('button', { name: 'Reservar' }),
          'Elige tu reformer',
          `/pilates/reservar ${width} Elige tu reformer`,
        )),
      );
      const full = slotRow(page, '9:25 PM');
      await full.getByRole('button', { name: 'Lista de espera' }).click();
      const join = page.getByRole('dialog', { name: '¿Unirte a la lista de espera?' });
      found.push(...(await whileOpen(page, join, `/pilates/reservar ${width} unirse a la lista`)));
      await join.getByRole('button', { name: 'Unirme a la lista' }).click();
      await expect.poll(() => join.count()).toBe(0);
      await full.getByRole('button', { name: 'Salir de la lista' }).click();
      const leave = page.getByRole('dialog', { name: '¿Salir de la lista de espera?' });
      found.push(...(await whileOpen(page, leave, `/pilates/reservar ${width} salir de la lista`)));
      await leave.getByRole('button', { name: 'Sí, salir' }).click();
      await expect.poll(() => leave.count()).toBe(0);
      await expect.poll(() => toast(page, 'Saliste de la lista de espera.').count()).toBeGreaterThan(0);
      await page.close();

      // Mis planes of a member: the membership's card, «Pausar» and «Cancelar membresía».
      const memberPage = await member.newPage();
      await memberPage.setViewportSize({ width, height: 900 });
      await open(memberPage, `${baseUrl}/pilates/clases?ver=planes`);
      const membership = memberPage.getByRole('region', { name: 'Membresía accesible' });
      await membership.getByRole('button', { name: 'Pausar' }).waitFor();
      found.push(...(await violations(memberPage, `/pilates/clases?ver=planes ${width} membresía`)));
      found.push(
        ...(await sweep(
          memberPage,
          membership.getByRole('button', { name: 'Pausar' }),
          'Pausar tu membresía',
          `/pilates/clases ${width} Pausar tu membresía`,
        )),
        ...(await sweep(
          memberPage,
          membership.getByRole('button', { name: 'Cancelar membresía' }),
          '¿Cancelar tu membresía?',
          `/pilates/clases ${width} Cancelar membresía`,
        )),
      );
      await memberPage.close();

      // A client whose plan ends before the day chosen.
      const late = await outOfPlan.newPage();
      await late.setViewportSize({ width, height: 900 });
      await open(late, `${baseUrl}/pilates/reservar?fecha=${nextMonday}`);
      await slotRow(late, '7:00 PM').getByRole('button', { name: 'Reservar' }).click();
      await confirmReformer(late);
      found.push(
        ...(await withDialog(
          late,
          late.getByRole('dialog', { name: 'La fecha está fuera del rango del plan' }),
          `/pilates/reservar ${width} fuera del rango del plan`,
        )),
      );
      await late.close();
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
      await settled(page);
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
      const cancelForm = page.getByRole('region', { name: 'Cancelar una clase' });
      await cancelForm.getByLabel('Fecha').fill(nextMonday);
      await cancelForm.getByRole('combobox', { name: 'Clase' }).click();
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
      await settled(page);
      found.push(...(await violations(page, `/pilates/usuarios-clases ${width} lista`)));
      await roster.getByRole('button', { name: 'Cancelar clase' }).click();
      await roster.getByText('¿Cancelar esta clase?', { exact: false }).waitFor();
      found.push(...(await withDialog(page, roster, `/pilates/usuarios-clases ${width} cancelar clase`)));
      // The fixture's 9:05 PM class: its client's health marker opens «Notas de salud de …».
      await page
        .getByRole('main')
        .getByRole('button', { name: /9:05 PM/ })
        .first()
        .click();
      const fixtureRoster = page.getByRole('dialog').first();
      await fixtureRoster.getByText(clientName).first().waitFor();
      await fixtureRoster.getByRole('button', { name: 'Tiene notas de salud' }).first().click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: `Notas de salud de ${clientName}` }),
          `/pilates/usuarios-clases ${width} Notas de salud`,
        )),
      );
      await closeDialogs(page);
      await page.close();
      expect(found).toEqual([]);
    }, 120_000);
    it(`should find no violation with the admin's other dialogs open at ${width} px`, async () => {
      const page = await admin.newPage();
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      const main = page.getByRole('main');

      // Catálogo: add, edit and hide a plan.
      await open(page, `${baseUrl}/pilates/planes-admin`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Agregar plan' }),
          'Agregar plan',
          `/pilates/planes-admin ${width} Agregar plan`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Editar Ocho Clases' }).first(),
          'Editar plan',
          `/pilates/planes-admin ${width} Editar plan`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Ocultar Ocho Clases' }).first(),
          'Ocultar plan',
          `/pilates/planes-admin ${width} Ocultar plan`,
        )),
      );

      // Promociones: a new code.
      await open(page, `${baseUrl}/pilates/promociones`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Nuevo código' }),
          'Nuevo código',
          `/pilates/promociones ${width} Nuevo código`,
        )),
      );

      // Instructores: a new profile, editing one, and its photo.
      await open(page, `${baseUrl}/pilates/instructores`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Nuevo instructor' }),
          'Nuevo instructor',
          `/pilates/instructores ${width} Nuevo instructor`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: `Editar a ${LONG_INSTRUCTOR}` }).first(),
          'Editar instructor',
          `/pilates/instructores ${width} Editar instructor`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: `Foto de ${LONG_INSTRUCTOR}` }).first(),
          'Foto del instructor',
          `/pilates/instructores ${width} Foto del instructor`,
        )),
      );

      // Sala: add, edit and retire a reformer, move the instructor, an outage (its form and its preview), ending one.
      await open(page, `${baseUrl}/pilates/sala`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Agregar reformer' }),
          'Agregar reformer',
          `/pilates/sala ${width} Agregar reformer`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Mover instructora' }),
          'Mover instructora',
          `/pilates/sala ${width} Mover instructora`,
        )),
      );
      const room = main.getByRole('radiogroup', { name: 'Reformers de la sala' });
      await room
        .getByRole('radio', { name: /^Reformer \d+,/ })
        .first()
        .click();
      const editSpot = page.getByRole('dialog', { name: 'Editar reformer' });
      found.push(...(await whileOpen(page, editSpot, `/pilates/sala ${width} Editar reformer`)));
      await editSpot.getByRole('button', { name: /^Retirar / }).click();
      found.push(
        ...(await whileOpen(page, page.getByRole('dialog', { name: /^Retirar / }), `/pilates/sala ${width} Retirar`)),
      );
      await closeDialogs(page);
      const outages = main.getByRole('region', { name: 'Fuera de servicio' });
      found.push(
        ...(await sweep(
          page,
          outages.getByRole('button', { name: /^Terminar: / }).first(),
          /^Terminar: /,
          `/pilates/sala ${width} Terminar`,
        )),
      );
      await outages.getByRole('button', { name: 'Marcar fuera de servicio' }).click();
      const mark = page.getByRole('dialog', { name: 'Marcar fuera de servicio' });
      found.push(...(await whileOpen(page, mark, `/pilates/sala ${width} Marcar fuera de servicio`)));
      await mark.getByRole('combobox', { name: /Reformer/ }).click();
      await page.getByRole('option').first().click();
      await mark.getByLabel('Desde').fill(PREVIEW_DAY);
      await mark.getByLabel(/Hasta/).fill(PREVIEW_DAY);
      await mark.getByLabel('Motivo').fill('Cambio de cuerdas');
      await mark.getByRole('button', { name: 'Revisar' }).click();
      await mark.getByRole('button', { name: 'Confirmar' }).waitFor();
      found.push(...(await withDialog(page, mark, `/pilates/sala ${width} Marcar fuera de servicio: revisión`)));

      // Membresías: a membership's detail with its charges, and the question before refunding one.
      await open(page, `${baseUrl}/pilates/membresias`);
      await main.getByRole('button', { name: 'Ver detalle de la membresía de Mónica Miembro' }).first().click();
      const membership = page.getByRole('dialog', { name: 'Membresía' });
      await membership.getByRole('table', { name: 'Cobros de la membresía' }).waitFor();
      found.push(...(await whileOpen(page, membership, `/pilates/membresias ${width} Membresía`)));
      await membership
        .getByRole('button', { name: /^Reembolsar cobro del / })
        .first()
        .click();
      await membership.getByRole('button', { name: 'Volver' }).waitFor();
      found.push(...(await withDialog(page, membership, `/pilates/membresias ${width} Reembolsar cobro`)));

      // Tarjetas de regalo: refund and void a card.
      await open(page, `${baseUrl}/pilates/tarjetas-de-regalo`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: /^Reembolsar y anular la tarjeta / }).first(),
          'Reembolsar y anular',
          `/pilates/tarjetas-de-regalo ${width} Reembolsar y anular`,
        )),
      );

      // Facturas: cancelling an issued invoice (motive 02, then 03 chosen), and substituting it
      // with corrected data (open, then with the server's field error: nothing is written on a 400).
      await open(page, `${baseUrl}/pilates/facturas`);
      await main
        .getByRole('button', { name: /^Cancelar factura / })
        .first()
        .click();
      const cancelInvoice = page.getByRole('dialog', { name: 'Cancelar factura' });
      found.push(...(await whileOpen(page, cancelInvoice, `/pilates/facturas ${width} Cancelar factura`)));
      await cancelInvoice.getByRole('combobox', { name: 'Motivo de cancelación' }).click();
      await page.getByRole('option', { name: /^03 · / }).click();
      found.push(...(await withDialog(page, cancelInvoice, `/pilates/facturas ${width} Cancelar factura: motivo 03`)));
      await main
        .getByRole('button', { name: /^Sustituir factura / })
        .first()
        .click();
      const substituteInvoice = page.getByRole('dialog', { name: 'Sustituir factura' });
      await substituteInvoice.getByLabel('Nombre o razón social').waitFor();
      found.push(...(await whileOpen(page, substituteInvoice, `/pilates/facturas ${width} Sustituir factura`)));
      await substituteInvoice.getByLabel('RFC').fill('');
      await substituteInvoice.getByRole('button', { name: 'Sustituir factura' }).click();
      await substituteInvoice.getByText('El RFC no es válido').waitFor();
      found.push(
        ...(await withDialog(page, substituteInvoice, `/pilates/facturas ${width} Sustituir factura: RFC vacío`)),
      );

      // Horario: a new class, deactivating one, and its class types (a new one, editing one).
      await open(page, `${baseUrl}/pilates/horario`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Nuevo tipo' }),
          'Nuevo tipo de clase',
          `/pilates/horario ${width} Nuevo tipo de clase`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Editar Pilates Reformer' }).first(),
          'Editar tipo de clase',
          `/pilates/horario ${width} Editar tipo de clase`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Agregar clase' }),
          'Agregar clase',
          `/pilates/horario ${width} Agregar clase`,
        )),
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Desactivar la clase del sábado a las 10:00 AM' }),
          'Desactivar clase',
          `/pilates/horario ${width} Desactivar clase`,
        )),
      );

      // Usuarios: a new account; the client's new plan, plan edit, status, classes (forgive, remove).
      await open(page, `${baseUrl}/pilates/usuarios`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: 'Agregar usuario' }),
          'Agregar usuario',
          `/pilates/usuarios ${width} Agregar usuario`,
        )),
      );
      await page.getByLabel('Buscar usuario').fill(clientName);
      const phone = width < 768;
      const actions = phone
        ? page.getByRole('list', { name: 'Usuarios' })
        : page.getByRole('table', { name: 'Usuarios' });
      const more = actions.getByRole('button', { name: `Más acciones para ${clientName}` });
      const viaMenu = async (item: string, button: string) => {
        if (phone) await actions.getByRole('button', { name: button }).click();
        else {
          await more.click();
          await page.getByRole('menuitem', { name: item }).click();
        }
      };
      await viaMenu('Agregar plan', `Agregar plan a ${clientName}`);
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Agregar plan' }),
          `/pilates/usuarios ${width} Agregar plan`,
        )),
      );
      await viaMenu('Desactivar', `Desactivar a ${clientName}`);
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Desactivar usuario' }),
          `/pilates/usuarios ${width} Desactivar usuario`,
        )),
      );
      await viaMenu(
        'Eliminar cuenta (solicitud del titular)',
        `Eliminar cuenta de ${clientName} (solicitud del titular)`,
      );
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Eliminar cuenta (solicitud del titular)' }),
          `/pilates/usuarios ${width} Eliminar cuenta (solicitud del titular)`,
        )),
      );

      await actions.getByRole('button', { name: new RegExp(`^Planes de ${clientName}`) }).click();
      const plans = page.getByRole('dialog', { name: `Planes de ${clientName}` });
      await plans.waitFor();
      await plans
        .getByRole('button', { name: /^Editar el plan Ocho Clases/ })
        .first()
        .click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Editar plan' }),
          `/pilates/usuarios ${width} Editar plan`,
        )),
      );
      await closeDialogs(page);

      await viaMenu('Ver clases', `Clases de ${clientName}`);
      const classes = page.getByRole('dialog', { name: `Clases de ${clientName}` });
      found.push(...(await whileOpen(page, classes, `/pilates/usuarios ${width} Clases`)));
      await classes
        .getByRole('button', { name: /^Perdonar la inasistencia del / })
        .first()
        .click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Perdonar' }),
          `/pilates/usuarios ${width} Perdonar`,
        )),
      );
      await classes
        .getByRole('button', { name: /^Quitar de la clase del / })
        .first()
        .click();
      found.push(
        ...(await withDialog(
          page,
          page.getByRole('dialog', { name: 'Quitar de la clase' }),
          `/pilates/usuarios ${width} Quitar de la clase`,
        )),
      );
      await closeDialogs(page);

      // Solicitudes ARCO: the status of a request.
      await open(page, `${baseUrl}/pilates/arco`);
      found.push(
        ...(await sweep(
          page,
          main.getByRole('button', { name: `Cambiar estado de ${arcoFolio}` }),
          'Cambiar estado',
          `/pilates/arco ${width} Cambiar estado`,
        )),
      );
      await page.close();
      expect(found).toEqual([]);
    }, 120_000);
  }

  // Last, as it changes what every client is asked: terms published, then taken back out (legal.e2e.ts does the same).
  it('should find no violation with new terms to accept, or to publish, at both widths', async () => {
    const adminPage = await admin.newPage();
    const published = await adminPage.request.post(`${baseUrl}/api/admin/legal/publish`, {
      headers: CSRF,
      data: {
        kind: 'terminos',
        summary: 'Primera versión',
        text: '## Uso del sitio\nAl reservar aceptas estos términos.',
      },
    });
    expect(published.status()).toBe(200);
    const found: string[] = [];
    try {
      for (const width of WIDTHS) {
        // «Textos legales»: the admin's next version.
        await adminPage.setViewportSize({ width, height: 900 });
        await open(adminPage, `${baseUrl}/pilates/textos-legales`);
        found.push(
          ...(await sweep(
            adminPage,
            adminPage
              .getByRole('region', { name: 'Términos y condiciones' })
              .getByRole('button', { name: 'Publicar nueva versión' }),
            'Publicar nueva versión: Términos y condiciones',
            `/pilates/textos-legales ${width} Publicar nueva versión`,
          )),
        );
        // Reservar: the client, who accepted no terms yet, is asked before the booking goes through.
        const page = await client.newPage();
        await page.setViewportSize({ width, height: 900 });
        await open(page, `${baseUrl}/pilates/reservar?fecha=${nextMonday}`);
        await slotRow(page, '7:00 PM').getByRole('button', { name: 'Reservar' }).click();
        await confirmReformer(page);
        found.push(
          ...(await withDialog(
            page,
            page.getByRole('dialog', { name: 'Actualizamos nuestros términos' }),
            `/pilates/reservar ${width} Actualizamos nuestros términos`,
          )),
        );
        await page.close();
      }
    } finally {
      await adminPage.close();
      unpublishTerms(dataDir);
    }
    expect(found).toEqual([]);
  });
});
