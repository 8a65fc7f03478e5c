import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { HealthProfile } from '../../src/health-profile/entities';
import type { TestApp } from './test-app';

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana López',
  email: 'ana@example.com',
  cumpleanos: '1990-05-17',
  password: 'clave-segura-1',
  confirmPassword: 'clave-segura-1',
  terms: true,
  ...overrides,
});

/** A health questionnaire with nothing to tell (all no) and an emergency contact, consent given. */
export const validHealthProfile = (overrides: Record<string, unknown> = {}) => ({
  hasInjuries: false,
  recentSurgery: false,
  pregnant: false,
  heartOrBloodPressure: false,
  otherConditions: '',
  emergencyName: 'Contacto de Emergencia',
  emergencyPhone: '722 555 0101',
  emergencyRelationship: 'Hermana',
  sensitiveDataConsent: true,
  ...overrides,
});

/** Saves the logged-in agent's health questionnaire (a client's own booking needs one). */
export async function saveHealthProfile(agent: ReturnType<TestApp['agent']>, overrides: Record<string, unknown> = {}) {
  return agent.post('/api/informacion/health').send(validHealthProfile(overrides)).expect(200);
}

/**
 * A filled questionnaire (all no) written straight to the database: the suites that only need a client
 * who may book, also under NODE_ENV=production, where the session cookie is Secure and a plain-HTTP
 * agent cannot call the API again. health-profile.int-spec.ts fills it through the API.
 */
export async function giveHealthProfile(t: TestApp, userId: number): Promise<void> {
  const now = new Date();
  await t.dataSource.getRepository(HealthProfile).insert({
    userId,
    hasInjuries: false,
    injuries: '',
    recentSurgery: false,
    surgery: '',
    pregnant: false,
    pregnancyWeeks: null,
    heartOrBloodPressure: false,
    otherConditions: '',
    emergencyName: 'Contacto de Emergencia',
    emergencyPhone: '+527225550101',
    emergencyRelationship: 'Hermana',
    sensitiveConsentAt: now,
    sensitiveConsentIp: '127.0.0.1',
    updatedAt: now,
  });
}

/**
 * Registers through the API and returns the logged-in agent and the user. The client has filled the
 * health questionnaire, as every client must before booking online; `{ healthProfile: false }`
 * leaves it empty (the questionnaire's own tests).
 */
export async function registerUser(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  { healthProfile = true }: { healthProfile?: boolean } = {},
) {
  const agent = t.agent();
  const res = await agent.post('/api/auth/register').send(validRegistration(overrides)).expect(201);
  if (healthProfile) await giveHealthProfile(t, res.body.user.id as number);
  return { agent, user: res.body.user as { id: number; email: string; name: string; role: string } };
}

export async function loginAs(t: TestApp, email: string, password: string) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email, password }).expect(200);
  return agent;
}

/** Waits for the n-th .eml in DATA_DIR/outbox (mail goes out in the background) and parses it. */
export async function readOutboxMail(t: TestApp, count = 1, timeoutMs = 5000) {
  const dir = join(t.config.dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    if (files.length >= count) {
      const mail = await simpleParser(await readFile(join(dir, files[count - 1])));
      return { to: mail.to, subject: mail.subject ?? '', text: mail.text ?? '', html: String(mail.html || '') };
    }
    if (Date.now() > deadline) throw new Error(`no ${count}th mail in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function outboxCount(t: TestApp): Promise<number> {
  const files = await readdir(join(t.config.dataDir, 'outbox')).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith('.eml')).length;
}

export const cookieHeader = (res: { headers: Record<string, unknown> }): string[] => {
  const value = res.headers['set-cookie'];
  return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
};
