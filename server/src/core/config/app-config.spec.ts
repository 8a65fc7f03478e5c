import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pilates-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
  const errorOf = (env: Record<string, string>): string => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('should apply the documented defaults when nothing is set', () => {
    const config = load({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://127.0.0.1:3000',
      studioTimeZone: 'America/Mexico_City',
      cancelHours: 12,
      waitlistMax: 10,
      waitlistCutoffHours: 2,
      waitlistGraceMinutes: 60,
      commissionPercent: 0,
      commissionFixedMxn: 0,
      databaseUrl: undefined,
      mercadoPagoStatementDescriptor: 'PILATES REFORMER',
      mercadoPagoMaxInstallments: 1,
      checkoutMaxOpen: 3,
      checkoutMaxPerHour: 10,
      // A sender of a real domain; answers go to the studio's e-mail from Ajustes (no MAIL_REPLY_TO).
      mailFrom: 'Estudio Pilates Reformer <reservas@estudiopilatesreformer.mx>',
      mailReplyTo: undefined,
    });
  });

  it('should read every variable it is given', () => {
    const config = load({
      PORT: '8080',
      DATABASE_URL: 'mysql://root@127.0.0.1:3306/pilates',
      APP_URL: 'https://estudio.mx/',
      STUDIO_TZ: 'America/Monterrey',
      CANCEL_HOURS: '6',
      WAITLIST_MAX: '4',
      WAITLIST_CUTOFF_HOURS: '0',
      WAITLIST_GRACE_MINUTES: '30',
      PAYMENT_COMMISSION_PERCENT: '3.49',
      PAYMENT_COMMISSION_FIXED_MXN: '4',
      ADMIN_EMAIL: '  Dueña@Estudio.MX ',
      MP_STATEMENT_DESCRIPTOR: 'ESTUDIO METEPEC',
      MP_MAX_INSTALLMENTS: '6',
      CHECKOUT_MAX_OPEN: '5',
      CHECKOUT_MAX_PER_HOUR: '20',
      MAIL_FROM: 'Estudio Metepec <reservas@estudio.mx>',
      MAIL_REPLY_TO: ' Hola@Estudio.MX ',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'mysql://root@127.0.0.1:3306/pilates',
      appUrl: 'https://estudio.mx',
      studioTimeZone: 'America/Monterrey',
      cancelHours: 6,
      waitlistMax: 4,
      waitlistCutoffHours: 0,
      waitlistGraceMinutes: 30,
      commissionPercent: 3.49,
      commissionFixedMxn: 4,
      adminEmail: 'dueña@estudio.mx',
      mercadoPagoStatementDescriptor: 'ESTUDIO METEPEC',
      mercadoPagoMaxInstallments: 6,
      checkoutMaxOpen: 5,
      checkoutMaxPerHour: 20,
      mailFrom: 'Estudio Metepec <reservas@estudio.mx>',
      mailReplyTo: 'hola@estudio.mx',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['CANCEL_HOURS', '-1'],
    ['WAITLIST_MAX', '0'],
    ['WAITLIST_CUTOFF_HOURS', '200'],
    ['STUDIO_TZ', 'Mars/Olympus'],
    ['DATABASE_URL', 'postgres://x'],
    ['APP_URL', 'estudio.mx'],
    ['PAYMENT_COMMISSION_PERCENT', 'tres'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'mail.example.com'],
    ['NODE_ENV', 'staging'],
    ['INSTANCE_NAME', 'app 1'],
    ['SHUTDOWN_DRAIN_SECONDS', '61'],
    ['INSTANCE_NAME', 'x'.repeat(65)],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1,caddy'],
    ['MP_STATEMENT_DESCRIPTOR', 'ESTUDIO DE PILATES REFORMER METEPEC'],
    ['MP_STATEMENT_DESCRIPTOR', 'PILATES MÉTEPEC'],
    ['MP_MAX_INSTALLMENTS', '0'],
    ['MP_MAX_INSTALLMENTS', '36'],
    ['CHECKOUT_MAX_OPEN', '0'],
    ['CHECKOUT_MAX_PER_HOUR', 'diez'],
    ['MAIL_REPLY_TO', 'hola'],
    ['MAIL_REPLY_TO', 'Estudio <hola@estudio.mx>'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1,caddy'],
  ])('should refuse %s=%s with one line naming the variable', (name, value) => {
    const message = errorOf({ [name]: value });
    expect(message).toContain(name);
    expect(message).toMatch(/^Configuración inválida: /);
    expect(message).not.toContain('\n');
  });

  it.each([
    ['JWT_SECRET', 'short-secreto'],
    ['ADMIN_PASSWORD', 'corta'],
    ['DATABASE_URL', 'postgres://root:contraseña-db@host/db'],
    ['SMTP_URL', 'mail://user:contraseña-smtp@host'],
  ])('should name %s but never repeat its value', (name, value) => {
    const message = errorOf({ [name]: value });
    expect(message).toContain(name);
    expect(message).not.toContain(value);
    expect(message).not.toContain('valor recibido');
  });

  it('should repeat the value of a setting that is not secret', () => {
    expect(errorOf({ PORT: 'abc' })).toContain('(valor recibido: "abc")');
  });

  it('should read the timeouts in seconds and refuse a headers timeout longer than the request timeout', () => {
    expect(load({})).toMatchObject({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      connectionTimeoutMs: 60_000,
    });
    expect(errorOf({ REQUEST_TIMEOUT_SECONDS: '5', HEADERS_TIMEOUT_SECONDS: '6' })).toContain(
      'HEADERS_TIMEOUT_SECONDS',
    );
    expect(errorOf({ REQUEST_TIMEOUT_SECONDS: '0' })).toContain('REQUEST_TIMEOUT_SECONDS');
  });

  it('should show the API docs UI outside production, and in production only with API_DOCS=1', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MP_ACCESS_TOKEN: 't',
      MP_WEBHOOK_SECRET: 's',
    };
    expect(load({}).apiDocsUi).toBe(true);
    expect(load({ API_DOCS: '0' }).apiDocsUi).toBe(false);
    expect(load(production).apiDocsUi).toBe(false);
    expect(load({ ...production, API_DOCS: '1' }).apiDocsUi).toBe(true);
    expect(errorOf({ API_DOCS: 'si' })).toContain('API_DOCS');
  });

  it("should start the named jobs' timers unless NODE_ENV=test, or as JOBS_ENABLED says", () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MP_ACCESS_TOKEN: 't',
      MP_WEBHOOK_SECRET: 's',
    };
    expect(load(production).jobsEnabled).toBe(true);
    expect(load({}).jobsEnabled).toBe(true);
    expect(load({ NODE_ENV: 'test' }).jobsEnabled).toBe(false);
    expect(load({ ...production, JOBS_ENABLED: '0' }).jobsEnabled).toBe(false);
    expect(load({ NODE_ENV: 'test', JOBS_ENABLED: '1' }).jobsEnabled).toBe(true);
    expect(errorOf({ JOBS_ENABLED: 'si' })).toContain('JOBS_ENABLED');
  });

  it('should name the replica INSTANCE_NAME (or the host name) and drain for SHUTDOWN_DRAIN_SECONDS (0)', () => {
    expect(load({ INSTANCE_NAME: 'app-2' }).instanceName).toBe('app-2');
    expect(load({}).shutdownDrainSeconds).toBe(0);
    expect(load({ SHUTDOWN_DRAIN_SECONDS: '5' }).shutdownDrainSeconds).toBe(5);
    expect(load({}).instanceName).toBe(
      hostname()
        .replace(/[^\w.-]/g, '-')
        .slice(0, 64),
    );
  });

  it('should trust no proxy by default, also in production', () => {
    expect(load({}).trustProxy).toBe(false);
    const production = load({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MP_ACCESS_TOKEN: 't',
      MP_WEBHOOK_SECRET: 's',
    });
    expect(production.trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('should read TRUST_PROXY as a hop count or a list of proxy addresses and CIDRs', () => {
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8,loopback ' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1,::1,fd00::/8,loopback',
    );
    expect(errorOf({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY debe quedar vacía .* número de saltos/);
  });

  it('should generate a JWT secret once outside production and keep it in DATA_DIR', () => {
    const first = load({}).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(load({}).jwtSecret).toBe(first);
  });

  it('should require JWT_SECRET in production', () => {
    expect(errorOf({ NODE_ENV: 'production', MP_ACCESS_TOKEN: 't', MP_WEBHOOK_SECRET: 's' })).toContain('JWT_SECRET');
  });

  it('should require the Mercado Pago credentials in production', () => {
    const jwt = 'x'.repeat(40);
    expect(errorOf({ NODE_ENV: 'production', JWT_SECRET: jwt, MP_WEBHOOK_SECRET: 's' })).toContain('MP_ACCESS_TOKEN');
    expect(errorOf({ NODE_ENV: 'production', JWT_SECRET: jwt, MP_ACCESS_TOKEN: 't' })).toContain('MP_WEBHOOK_SECRET');
  });

  it('should read the WhatsApp settings, and require the token and the phone number id together', () => {
    expect(load({}).whatsappApiBase).toBe('https://graph.facebook.com');
    const config = load({
      WHATSAPP_TOKEN: 'EAAG',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_API_BASE: 'http://127.0.0.1:9999/',
    });
    expect(config).toMatchObject({
      whatsappToken: 'EAAG',
      whatsappPhoneNumberId: '106540352242922',
      whatsappApiBase: 'http://127.0.0.1:9999',
    });
    expect(errorOf({ WHATSAPP_TOKEN: 'EAAG' })).toContain('WHATSAPP_PHONE_NUMBER_ID');
    expect(errorOf({ WHATSAPP_PHONE_NUMBER_ID: '1' })).toContain('WHATSAPP_TOKEN');
    expect(errorOf({ WHATSAPP_PHONE_NUMBER_ID: 'abc', WHATSAPP_TOKEN: 'EAAG' })).toContain('WHATSAPP_PHONE_NUMBER_ID');
    const secret = errorOf({ WHATSAPP_TOKEN: 'no-se-repite', WHATSAPP_PHONE_NUMBER_ID: 'x' });
    expect(secret).not.toContain('no-se-repite');
  });

  it('should require the webhook secret and verify token in production when WhatsApp is on', () => {
    const base = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MP_ACCESS_TOKEN: 't',
      MP_WEBHOOK_SECRET: 's',
      WHATSAPP_TOKEN: 'EAAG',
      WHATSAPP_PHONE_NUMBER_ID: '1',
    };
    expect(errorOf(base)).toContain('WHATSAPP_APP_SECRET');
    expect(errorOf({ ...base, WHATSAPP_APP_SECRET: 'a' })).toContain('WHATSAPP_VERIFY_TOKEN');
    expect(load({ ...base, WHATSAPP_APP_SECRET: 'a', WHATSAPP_VERIFY_TOKEN: 'v' }).whatsappAppSecret).toBe('a');
  });
});
