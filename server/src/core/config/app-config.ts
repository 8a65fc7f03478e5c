import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { STUDIO_CONTACT } from '@pilates/dates';

/** Thrown when the environment is invalid; its message is one line naming the variable. */
export class ConfigError extends Error {}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const intInRange = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .default(String(fallback))
    .transform((v) => (v === '' ? String(fallback) : v))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `debe ser un número entero entre ${min} y ${max}`,
    })
    .transform(Number);

const decimalInRange = (min: number, max: number) =>
  z
    .string()
    .trim()
    .default('0')
    .transform((v) => (v === '' ? '0' : v))
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `debe ser un número entre ${min} y ${max} con hasta dos decimales`,
    })
    .transform(Number);

const isValidTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** proxy-addr's named ranges, which Fastify's trustProxy accepts beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // An IPv4 netmask (10.0.0.0/255.0.0.0) is accepted by proxy-addr too.
  if (family === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: off (empty), a hop count (how many proxies in front append to X-Forwarded-For),
 * or the proxies' addresses/CIDRs. Never `true`: that would trust an address the client wrote.
 */
const trustProxySetting = z
  .string()
  .trim()
  .default('')
  .refine((v) => v === '' || /^\d{1,2}$/.test(v) || v.split(',').every((entry) => isProxyAddress(entry.trim())), {
    message:
      'debe quedar vacía (sin proxy), ser un número de saltos (1, 2, …) o una lista de direcciones IP o CIDR separadas por comas',
  })
  .transform((v): number | string | false => {
    if (v === '' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(',')
      .map((entry) => entry.trim())
      .join(',');
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: intInRange(1, 65535, 3000),
  HOST: z.string().trim().default('127.0.0.1'),
  DATA_DIR: z.string().trim().default('./data'),
  CLIENT_DIR: optionalString,
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^mysql:\/\/.+/.test(v), {
    message: 'debe empezar con mysql:// (o quedar vacía para usar SQLite)',
  }),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'debe tener al menos 32 caracteres',
  }),
  APP_URL: optionalString
    .refine((v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), {
      message: 'debe ser una URL http(s) completa, por ejemplo https://estudio.mx',
    })
    .transform((v) => v?.replace(/\/+$/, '')),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .default('admin@estudio.local')
    .refine((v) => /^[^\s@]+@[^\s@]+$/.test(v), { message: 'debe ser un correo electrónico' }),
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: 'debe tener al menos 8 caracteres',
  }),
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\/.+/.test(v), {
    message: 'debe empezar con smtp:// o smtps://',
  }),
  // A sender of the studio's own domain (the one of its contact e-mail).
  MAIL_FROM: z
    .string()
    .trim()
    .default(`${STUDIO_CONTACT.name} <reservas@${STUDIO_CONTACT.email.split('@')[1]}>`),
  // Where answers to the studio's mails go (clients answer booking mails). Empty: the studio's e-mail from Ajustes.
  MAIL_REPLY_TO: optionalString
    .transform((v) => v?.toLowerCase())
    .refine((v) => v === undefined || /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v), {
      message: 'debe ser un correo electrónico',
    }),
  MP_ACCESS_TOKEN: optionalString,
  MP_WEBHOOK_SECRET: optionalString,
  // What the client's card statement shows; Mercado Pago allows at most 22 characters.
  MP_STATEMENT_DESCRIPTOR: z
    .string()
    .trim()
    .default('PILATES REFORMER')
    .transform((v) => (v === '' ? 'PILATES REFORMER' : v))
    .refine((v) => v.length <= 22 && /^[A-Za-z0-9 .*-]+$/.test(v), {
      message: 'debe tener como máximo 22 caracteres: letras sin acentos, números, espacios, punto, guion o *',
    }),
  // Meta's WhatsApp Cloud API. Without the token and phone number id, messages go to DATA_DIR/whatsapp-outbox.
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString.refine((v) => v === undefined || /^\d{1,30}$/.test(v), {
    message: 'debe ser el identificador numérico del número de teléfono en Meta',
  }),
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_API_BASE: z
    .string()
    .trim()
    .default('https://graph.facebook.com')
    .transform((v) => (v === '' ? 'https://graph.facebook.com' : v.replace(/\/+$/, '')))
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
      message: 'debe ser una URL http(s), por ejemplo https://graph.facebook.com',
    }),
  // Facturapi (CFDI 4.0): a `sk_test_` key stamps in its test mode; without a key a local simulator issues them.
  FACTURAPI_KEY: optionalString,
  // Facturapi's API root with its version (the SDK's default: https://www.facturapi.io/v2); tests point it at a local fake.
  FACTURAPI_BASE_URL: optionalString
    .refine((v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), {
      message: 'debe ser una URL http(s), por ejemplo https://www.facturapi.io/v2',
    })
    .transform((v) => v?.replace(/\/+$/, '')),
  // 1 = one payment only; more offers meses (sin intereses only if the studio enabled them in Mercado Pago).
  MP_MAX_INSTALLMENTS: intInRange(1, 24, 1),
  PAYMENT_COMMISSION_PERCENT: decimalInRange(0, 50),
  PAYMENT_COMMISSION_FIXED_MXN: decimalInRange(0, 1000),
  CHECKOUT_MAX_OPEN: intInRange(1, 50, 3),
  CHECKOUT_MAX_PER_HOUR: intInRange(1, 500, 10),
  STUDIO_TZ: z
    .string()
    .trim()
    .default('America/Mexico_City')
    .refine(isValidTimeZone, { message: 'debe ser una zona horaria IANA, por ejemplo America/Mexico_City' }),
  CANCEL_HOURS: intInRange(0, 168, 12),
  WAITLIST_MAX: intInRange(1, 100, 10),
  WAITLIST_CUTOFF_HOURS: intInRange(0, 168, 2),
  WAITLIST_GRACE_MINUTES: intInRange(0, 1440, 60),
  AUTH_RATE_LIMIT: intInRange(1, 10000, 30),
  ARCO_RATE_LIMIT: intInRange(1, 10000, 5),
  SHUTDOWN_GRACE_SECONDS: intInRange(1, 600, 20),
  TRUST_PROXY: trustProxySetting,
  REQUEST_TIMEOUT_SECONDS: intInRange(1, 600, 30),
  HEADERS_TIMEOUT_SECONDS: intInRange(1, 600, 10),
  KEEP_ALIVE_TIMEOUT_SECONDS: intInRange(1, 600, 5),
  CONNECTION_TIMEOUT_SECONDS: intInRange(1, 3600, 60),
  API_DOCS: z
    .string()
    .trim()
    .default('')
    .refine((v) => ['', '0', '1'].includes(v), { message: 'debe ser 1 (mostrar), 0 (ocultar) o quedar vacía' }),
  SHUTDOWN_DRAIN_SECONDS: intInRange(0, 60, 0),
  JOBS_ENABLED: z
    .string()
    .trim()
    .default('')
    .refine((v) => ['', '0', '1'].includes(v), {
      message: 'debe ser 1 (activar), 0 (desactivar) o quedar vacía',
    }),
  // GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; empty: no /metrics at all.
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || /^[\x21-\x7e]{24,200}$/.test(v), {
    message: 'debe tener de 24 a 200 caracteres visibles, sin espacios',
  }),
  // The host's address: the owner's alerts (newest off-site backup too old, mails failing, …) go here too.
  HOST_EMAIL: optionalString
    .transform((v) => v?.toLowerCase())
    .refine((v) => v === undefined || /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v), {
      message: 'debe ser un correo electrónico',
    }),
  // The disk holding DATA_DIR is "almost full" (an alert) above this percentage.
  ALERT_DISK_PERCENT: intInRange(1, 100, 85),
  INSTANCE_NAME: optionalString.refine((v) => v === undefined || /^[\w.-]{1,64}$/.test(v), {
    message: 'debe tener de 1 a 64 letras sin acentos, dígitos, puntos, guiones o guiones bajos',
  }),
});

type ParsedEnv = z.infer<typeof envSchema>;

/** Variables whose value a configuration error must not repeat. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'ADMIN_PASSWORD',
  'DATABASE_URL',
  'SMTP_URL',
  'MP_ACCESS_TOKEN',
  'MP_WEBHOOK_SECRET',
  'WHATSAPP_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'METRICS_TOKEN',
  'FACTURAPI_KEY',
]);

/**
 * The validated configuration. An abstract class so Nest can inject it by type;
 * the object itself comes from loadConfig().
 */
export abstract class AppConfig {
  declare readonly nodeEnv: ParsedEnv['NODE_ENV'];
  declare readonly isProduction: boolean;
  declare readonly port: number;
  declare readonly host: string;
  declare readonly dataDir: string;
  declare readonly clientDir: string;
  declare readonly databaseUrl?: string;
  declare readonly jwtSecret: string;
  declare readonly appUrl: string;
  declare readonly adminEmail: string;
  declare readonly adminPassword?: string;
  declare readonly smtpUrl?: string;
  declare readonly mailFrom: string;
  /** Undefined: the studio's e-mail from Ajustes (contact.email). */
  declare readonly mailReplyTo: string | undefined;
  declare readonly mercadoPagoAccessToken?: string;
  declare readonly mercadoPagoWebhookSecret?: string;
  /** The card statement's text for a charge (≤ 22 characters). */
  declare readonly mercadoPagoStatementDescriptor: string;
  /** WhatsApp Cloud API: the token and phone number id (both, or the local simulator), the app secret, the webhook's verify token. */
  declare readonly whatsappToken?: string;
  declare readonly whatsappPhoneNumberId?: string;
  declare readonly whatsappAppSecret?: string;
  declare readonly whatsappVerifyToken?: string;
  /** Graph API's origin (https://graph.facebook.com; tests point it at a local fake). */
  declare readonly whatsappApiBase: string;
  /** Facturapi's secret key (`sk_test_…` or `sk_live_…`); undefined: the local simulator. */
  declare readonly facturapiKey?: string;
  /** Facturapi's API root (undefined: the SDK's own, https://www.facturapi.io/v2; tests: a local fake). */
  declare readonly facturapiBaseUrl?: string;
  /** The most installments (meses) the checkout offers; 1 = none. */
  declare readonly mercadoPagoMaxInstallments: number;
  declare readonly commissionPercent: number;
  declare readonly commissionFixedMxn: number;
  /** Checkouts one client may have open at once (not paid, not failed, not expired). */
  declare readonly checkoutMaxOpen: number;
  /** Checkouts one client may start in an hour. */
  declare readonly checkoutMaxPerHour: number;
  declare readonly studioTimeZone: string;
  declare readonly cancelHours: number;
  /** How many clients may wait for one full class. */
  declare readonly waitlistMax: number;
  /** Promotions from the waitlist stop this many hours before the class. */
  declare readonly waitlistCutoffHours: number;
  /** A client promoted after the free-cancellation deadline may still cancel for this long. */
  declare readonly waitlistGraceMinutes: number;
  /** Requests per minute per IP on login, register, forgot- and reset-password together. */
  declare readonly authRateLimit: number;
  /** ARCO requests («Ejercer mis derechos ARCO») per hour per IP. */
  declare readonly arcoRateLimit: number;
  /** On SIGTERM, how long requests in flight may take before their connections are cut. */
  declare readonly shutdownGraceSeconds: number;
  /** On SIGTERM, how long the server keeps serving (health 503) before it stops accepting connections. */
  declare readonly shutdownDrainSeconds: number;
  /** Names this replica in the X-Instance header of every answer: INSTANCE_NAME or the host name. */
  declare readonly instanceName: string;
  /**
   * Fastify's `trustProxy`: false (request.ip is the socket's peer), a hop count, or a
   * comma-separated list of proxy addresses/CIDRs. Per-IP limits key on request.ip.
   */
  declare readonly trustProxy: number | string | false;
  /** Time for a whole request (headers and body) to arrive; a trickled body is cut after it. */
  declare readonly requestTimeoutMs: number;
  /** Time for the request headers to arrive (also cuts connections that never send any). */
  declare readonly headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open after an answer. */
  declare readonly keepAliveTimeoutMs: number;
  /** A socket with no traffic at all for this long is closed. */
  declare readonly connectionTimeoutMs: number;
  /** The Swagger UI at /api/docs: on outside production, off in production unless API_DOCS=1. */
  declare readonly apiDocsUi: boolean;
  /** The named jobs' timers (server/src/jobs.ts): on unless NODE_ENV=test, or as JOBS_ENABLED says. */
  declare readonly jobsEnabled: boolean;
  /** The bearer token GET /metrics asks for; undefined: no /metrics route (404). */
  declare readonly metricsToken?: string;
  /** The host's e-mail (HOST_EMAIL): the owner's alerts go there too. */
  declare readonly hostEmail?: string;
  /** Disk use (percent) of DATA_DIR's disk above which the owner is alerted. */
  declare readonly alertDiskPercent: number;
}

/** The built client sits beside the server's own folder in the workspace. */
const defaultClientDir = (): string => resolve(__dirname, '../../../../client/dist');

/** A container's host name is its id: distinct per replica, which is what the header is for. */
const defaultInstanceName = (): string =>
  hostname()
    .replace(/[^\w.-]/g, '-')
    .slice(0, 64) || 'app';

/** Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR. */
const resolveJwtSecret = (env: ParsedEnv, dataDir: string): string => {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new ConfigError('Configuración inválida: JWT_SECRET es obligatoria en producción');
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue.path[0] ?? 'entorno');
    // A secret's value (or a URL that may carry a password) never reaches the logs.
    const received = SECRET_VARIABLES.has(variable) ? '' : ` (valor recibido: "${env[variable] ?? ''}")`;
    throw new ConfigError(`Configuración inválida: ${variable} ${issue.message}${received}`);
  }
  const parsed = result.data;
  const isProduction = parsed.NODE_ENV === 'production';
  if (isProduction) {
    for (const name of ['MP_ACCESS_TOKEN', 'MP_WEBHOOK_SECRET'] as const) {
      if (!parsed[name]) {
        throw new ConfigError(`Configuración inválida: ${name} es obligatoria en producción (pagos con Mercado Pago)`);
      }
    }
  }
  if (!parsed.WHATSAPP_TOKEN !== !parsed.WHATSAPP_PHONE_NUMBER_ID) {
    const missing = parsed.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_NUMBER_ID' : 'WHATSAPP_TOKEN';
    throw new ConfigError(`Configuración inválida: ${missing} falta (WhatsApp necesita el token y el número juntos)`);
  }
  if (isProduction && parsed.WHATSAPP_TOKEN) {
    // Without them Meta's webhook could not be subscribed or checked: no delivery states, no "BAJA".
    for (const name of ['WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const) {
      if (!parsed[name]) {
        throw new ConfigError(`Configuración inválida: ${name} es obligatoria en producción con WHATSAPP_TOKEN`);
      }
    }
  }
  if (parsed.HEADERS_TIMEOUT_SECONDS > parsed.REQUEST_TIMEOUT_SECONDS) {
    // Node refuses a headers timeout longer than the request timeout.
    throw new ConfigError(
      'Configuración inválida: HEADERS_TIMEOUT_SECONDS no puede ser mayor que REQUEST_TIMEOUT_SECONDS',
    );
  }
  const dataDir = isAbsolute(parsed.DATA_DIR) ? parsed.DATA_DIR : resolve(process.cwd(), parsed.DATA_DIR);
  return {
    nodeEnv: parsed.NODE_ENV,
    isProduction,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    clientDir: parsed.CLIENT_DIR ? resolve(parsed.CLIENT_DIR) : defaultClientDir(),
    databaseUrl: parsed.DATABASE_URL,
    jwtSecret: resolveJwtSecret(parsed, dataDir),
    appUrl: parsed.APP_URL ?? `http://127.0.0.1:${parsed.PORT}`,
    adminEmail: parsed.ADMIN_EMAIL,
    adminPassword: parsed.ADMIN_PASSWORD,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    mailReplyTo: parsed.MAIL_REPLY_TO,
    mercadoPagoAccessToken: parsed.MP_ACCESS_TOKEN,
    mercadoPagoWebhookSecret: parsed.MP_WEBHOOK_SECRET,
    mercadoPagoStatementDescriptor: parsed.MP_STATEMENT_DESCRIPTOR,
    whatsappToken: parsed.WHATSAPP_TOKEN,
    whatsappPhoneNumberId: parsed.WHATSAPP_PHONE_NUMBER_ID,
    whatsappAppSecret: parsed.WHATSAPP_APP_SECRET,
    whatsappVerifyToken: parsed.WHATSAPP_VERIFY_TOKEN,
    whatsappApiBase: parsed.WHATSAPP_API_BASE,
    facturapiKey: parsed.FACTURAPI_KEY,
    facturapiBaseUrl: parsed.FACTURAPI_BASE_URL,
    mercadoPagoMaxInstallments: parsed.MP_MAX_INSTALLMENTS,
    commissionPercent: parsed.PAYMENT_COMMISSION_PERCENT,
    commissionFixedMxn: parsed.PAYMENT_COMMISSION_FIXED_MXN,
    checkoutMaxOpen: parsed.CHECKOUT_MAX_OPEN,
    checkoutMaxPerHour: parsed.CHECKOUT_MAX_PER_HOUR,
    studioTimeZone: parsed.STUDIO_TZ,
    cancelHours: parsed.CANCEL_HOURS,
    waitlistMax: parsed.WAITLIST_MAX,
    waitlistCutoffHours: parsed.WAITLIST_CUTOFF_HOURS,
    waitlistGraceMinutes: parsed.WAITLIST_GRACE_MINUTES,
    authRateLimit: parsed.AUTH_RATE_LIMIT,
    arcoRateLimit: parsed.ARCO_RATE_LIMIT,
    shutdownGraceSeconds: parsed.SHUTDOWN_GRACE_SECONDS,
    trustProxy: parsed.TRUST_PROXY,
    requestTimeoutMs: parsed.REQUEST_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: parsed.HEADERS_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: parsed.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    connectionTimeoutMs: parsed.CONNECTION_TIMEOUT_SECONDS * 1000,
    apiDocsUi: parsed.API_DOCS === '1' || (parsed.API_DOCS === '' && !isProduction),
    // Tests run the jobs themselves: a timer ticking mid-test changes what the test set up.
    jobsEnabled: parsed.JOBS_ENABLED === '1' || (parsed.JOBS_ENABLED === '' && parsed.NODE_ENV !== 'test'),
    shutdownDrainSeconds: parsed.SHUTDOWN_DRAIN_SECONDS,
    instanceName: parsed.INSTANCE_NAME ?? defaultInstanceName(),
    metricsToken: parsed.METRICS_TOKEN,
    hostEmail: parsed.HOST_EMAIL,
    alertDiskPercent: parsed.ALERT_DISK_PERCENT,
  };
}
