/*
 * A substitute, end to end: the owner puts one on a class from Horario's «Poner un suplente», the
 * client booked in it gets «Cambio de instructor» by mail and sees the substitute on the booking
 * page of their phone.
 */
import { addDays } from '@pilates/dates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, watchPage } from './support/browser';
import { givePlan } from './support/db';
import { ADMIN } from './support/global-setup';
import { waitForMail } from './support/mail';
import {
  CSRF,
  dayButtonName,
  logIn,
  nextMonday,
  registerClient,
  sidewaysOverflow,
  slotRow,
  today,
  toast,
} from './support/site';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
// A Wednesday four weeks ahead: a day of the default timetable no other journey books.
const classDay = addDays(nextMonday, 23);
const SUBSTITUTE = 'Ana Suplente Ríos';

describe('a substitute', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('is put on a booked class from Horario, mailed to its client and shown on their booking page at 390 px', async () => {
    // The client, with a plan, books the 8:00 AM class of that day.
    const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const clientPage = await clientContext.newPage();
    const email = await registerClient(clientPage, baseUrl, 'Paula Mendoza Ríos');
    givePlan(dataDir, email, { classes: 8, start: today, end: addDays(classDay, 7) });
    const day = await clientPage.request.post(`${baseUrl}/api/reservations/get-information`, {
      headers: CSRF,
      data: { date: classDay },
    });
    const eight = ((await day.json()) as { data: { scheduleId: number; time: string }[] }).data.find(
      (slot) => slot.time === '8:00 AM',
    );
    expect(eight).toBeDefined();
    const booked = await clientPage.request.post(`${baseUrl}/api/reservations/push-reservation`, {
      headers: CSRF,
      data: { date: classDay, classReservation: eight!.scheduleId },
    });
    expect(booked.status()).toBe(201);

    // The owner adds the substitute's profile and puts them on that class from Horario.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await adminContext.newPage();
    const adminWatch = watchPage(adminPage);
    await logIn(adminPage, baseUrl, ADMIN.email, ADMIN.password);
    const added = await adminPage.request.post(`${baseUrl}/api/admin/instructores/add`, {
      headers: CSRF,
      data: { name: SUBSTITUTE, bio: 'Instructora certificada.', specialties: ['Reformer'] },
    });
    expect(added.status()).toBe(200);
    await adminPage.goto(`${baseUrl}/pilates/horario`);
    const form = adminPage.getByRole('region', { name: 'Poner un suplente' });
    // The class list of that date has loaded (not today's, whose 8:00 AM may have started) before choosing.
    // On a loaded machine a first fill could land before the form listened (no request went out): the date
    // is typed again until its classes have answered.
    let dayAnswered = false;
    adminPage.on('response', (answer) => {
      if (
        answer.url().endsWith('/api/reservations/get-information') &&
        (answer.request().postData() ?? '').includes(classDay)
      )
        dayAnswered = true;
    });
    const dateField = form.getByLabel('Fecha');
    for (let tries = 1; !dayAnswered; tries += 1) {
      if (tries > 6) throw new Error(`the classes of ${classDay} never loaded in Horario`);
      await dateField.fill(classDay);
      const deadline = Date.now() + 5_000;
      while (!dayAnswered && Date.now() < deadline) await adminPage.waitForTimeout(100);
      if (!dayAnswered) await dateField.fill('');
    }
    await form.getByRole('combobox', { name: 'Clase' }).click();
    await adminPage.getByRole('option', { name: /^8:00 AM/, disabled: false }).click();
    await form.getByRole('combobox', { name: 'Suplente' }).click();
    await adminPage.getByRole('option', { name: SUBSTITUTE }).click();
    await form.getByRole('button', { name: 'Poner suplente' }).click();
    await expect
      .poll(() => toast(adminPage, 'Suplente asignado a 1 clase. Se avisó a 1 cliente.').isVisible())
      .toBe(true);
    expect(adminWatch.consoleErrors).toEqual([]);

    // The client is told by mail…
    await expect
      .poll(async () => (await waitForMail(dataDir, email, 1_000).catch(() => '')).includes('Cambio de instructor'), {
        timeout: 15_000,
      })
      .toBe(true);
    const mail = await waitForMail(dataDir, email);
    expect(mail).toContain(SUBSTITUTE);

    // …and sees the substitute on the booking page, on a phone.
    const clientWatch = watchPage(clientPage);
    await clientPage.goto(`${baseUrl}/pilates/reservar?fecha=${classDay}`);
    await clientPage.getByRole('button', { name: dayButtonName(classDay) }).waitFor();
    const row = slotRow(clientPage, '8:00 AM');
    await expect.poll(() => row.getByText(`Con ${SUBSTITUTE} (suplente)`).isVisible()).toBe(true);
    expect(await row.getByText('Reservada', { exact: true }).isVisible()).toBe(true);
    expect(await sidewaysOverflow(clientPage)).toBe(0);
    await clientPage.screenshot({ path: screenshotPath('suplente-reservar-390'), fullPage: true });
    expect(clientWatch.consoleErrors).toEqual([]);
    await adminContext.close();
    await clientContext.close();
  });
});
