import { Injectable, Logger } from '@nestjs/common';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { NotificationsService } from '../notifications';
import { readDrillStatus, readOffsiteStatus, STATUS_FOLDER } from './backup-status';
import { CertificateProbe } from './certificate-probe';
import { diskUsedRatio } from './operations-metrics';
import { OperationsRepository } from './operations.repository';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The newest off-site backup may be this old before the owner hears of it (a daily backup, plus slack). */
export const OFFSITE_MAX_AGE_MS = 26 * HOUR;
/** Mails or payment notifications failing for this long need a person. */
export const FAILING_FOR_MS = HOUR;
/** A certificate expiring sooner than this (Caddy renews at 30 days left) means renewal is stuck. */
export const CERTIFICATE_MIN_MS = 14 * DAY;
const ALERTS_FILE = 'alerts.json';
const LOCK_FILE = 'alerts.lock';

/** One problem found now: its key and the owner's words for it. */
interface Problem {
  key: string;
  subject: string;
  lines: string[];
}

/** What was mailed: per open problem, since when and on which studio day; the last drill reported. */
interface AlertState {
  open: Record<string, { since: string; mailedOn: string; subject: string }>;
  drillReportedAt?: string;
}

/**
 * The owner's alerts, without Grafana: every run (the `operations-alerts` job) looks for the problems
 * that need a person and mails the owner (ADMIN_EMAIL) and the host (HOST_EMAIL) through the outbox:
 * once when a problem appears, once a day while it lasts, and once when it is solved. Also mails each
 * new restore drill's result. What was mailed is kept in DATA_DIR/status/alerts.json (the replicas
 * share DATA_DIR in compose); a lock file keeps two replicas from mailing the same thing.
 */
@Injectable()
export class OperationsAlertsService {
  private readonly logger = new Logger('Alertas');

  constructor(
    private readonly operations: OperationsRepository,
    private readonly notifications: NotificationsService,
    private readonly certificate: CertificateProbe,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The problems that need a person now. */
  async problems(): Promise<Problem[]> {
    const now = this.clock.now();
    const found: Problem[] = [];
    const dataDir = this.config.dataDir;
    const offsite = readOffsiteStatus(dataDir);
    const configured = offsite.lastSuccessAt !== null || offsite.lastFailureAt !== null;
    if (
      configured &&
      (!offsite.lastSuccessAt || now.getTime() - offsite.lastSuccessAt.getTime() > OFFSITE_MAX_AGE_MS)
    ) {
      found.push({
        key: 'offsite-backup',
        subject: 'Alerta: la copia de seguridad fuera del servidor está atrasada',
        lines: [
          offsite.lastSuccessAt
            ? `La copia de seguridad fuera del servidor más reciente es del ${this.format(offsite.lastSuccessAt)}: tiene más de 26 horas.`
            : 'Todavía no hay ninguna copia de seguridad fuera del servidor.',
          ...(offsite.lastError ? [`El último intento falló: ${offsite.lastError}`] : []),
          'Revisa el servicio «backup» (docker compose logs backup) y los datos del bucket.',
        ],
      });
    }
    const drill = readDrillStatus(dataDir);
    if (drill && !drill.ok) {
      found.push({
        key: 'restore-drill',
        subject: 'Alerta: el simulacro de restauración falló',
        lines: [
          `El simulacro del ${this.format(drill.at)} falló: ${drill.detail}`,
          'Las copias podrían no servir para restaurar el sitio.',
        ],
      });
    }
    const since = new Date(now.getTime() - FAILING_FOR_MS);
    const mails = await this.operations.failingMailsSince('email', since);
    if (mails > 0) {
      found.push({
        key: 'mails',
        subject: 'Alerta: hay correos que no se pueden enviar',
        lines: [`${mails} correo(s) llevan más de una hora fallando. Revisa SMTP_URL y el servidor de correo.`],
      });
    }
    const payments = await this.operations.failingPaymentNotificationsSince(since);
    if (payments > 0) {
      found.push({
        key: 'payment-notifications',
        subject: 'Alerta: hay avisos de pago de Mercado Pago sin procesar',
        lines: [
          `${payments} aviso(s) de pago llevan más de una hora fallando: hay pagos que el sitio todavía no registró.`,
          'Revisa MP_ACCESS_TOKEN y los registros de la aplicación.',
        ],
      });
    }
    const expiry = await this.certificate.expiry();
    if (expiry && expiry.getTime() - now.getTime() < CERTIFICATE_MIN_MS) {
      found.push({
        key: 'certificate',
        subject: 'Alerta: el certificado HTTPS vence pronto',
        lines: [
          `El certificado de ${new URL(this.config.appUrl).hostname} vence el ${this.format(expiry)}. Caddy normalmente lo renueva solo: revisa sus registros (docker compose logs caddy).`,
        ],
      });
    }
    const used = diskUsedRatio(dataDir);
    if (used * 100 > this.config.alertDiskPercent) {
      found.push({
        key: 'disk',
        subject: 'Alerta: el disco del servidor está casi lleno',
        lines: [
          `El disco de los datos está lleno al ${Math.round(used * 100)} % (límite: ${this.config.alertDiskPercent} %).`,
        ],
      });
    }
    return found;
  }

  /** The job: mails what appeared, what lasts into a new day, what was solved, and a new drill's result. */
  async check(): Promise<number> {
    const statusDir = join(this.config.dataDir, STATUS_FOLDER);
    mkdirSync(statusDir, { recursive: true, mode: 0o755 });
    const lock = join(statusDir, LOCK_FILE);
    if (!this.takeLock(lock)) return 0;
    try {
      return await this.checkLocked(statusDir);
    } finally {
      rmSync(lock, { force: true });
    }
  }

  private async checkLocked(statusDir: string): Promise<number> {
    const now = this.clock.now();
    const today = this.studioDay(now);
    const state = this.readState(statusDir);
    let mailed = 0;
    const problems = await this.problems();
    for (const problem of problems) {
      const open = state.open[problem.key];
      if (open && open.mailedOn === today) continue;
      await this.mail(problem.key, open ? 'reminder' : 'open', problem.subject, problem.lines);
      state.open[problem.key] = { since: open?.since ?? now.toISOString(), mailedOn: today, subject: problem.subject };
      mailed++;
    }
    for (const [key, open] of Object.entries(state.open)) {
      if (problems.some((problem) => problem.key === key)) continue;
      await this.mail(key, 'solved', `Resuelto: ${open.subject.replace(/^Alerta: /, '')}`, [
        `Desde el ${this.format(new Date(open.since))} había un problema: ${open.subject.replace(/^Alerta: /, '')}. Ya está resuelto.`,
      ]);
      delete state.open[key];
      mailed++;
    }
    const drill = readDrillStatus(this.config.dataDir);
    if (drill && drill.at.toISOString() !== state.drillReportedAt) {
      await this.mail('drill-result', 'report', `Simulacro de restauración: ${drill.ok ? 'correcto' : 'falló'}`, [
        `Último simulacro de restauración: ${drill.ok ? 'correcto' : 'falló'}, ${this.format(drill.at)}.`,
        drill.detail,
      ]);
      state.drillReportedAt = drill.at.toISOString();
      mailed++;
    }
    this.writeState(statusDir, state);
    if (mailed > 0) this.logger.log(`${mailed} aviso(s) de operación enviados`);
    return mailed;
  }

  private async mail(
    problem: string,
    state: 'open' | 'reminder' | 'solved' | 'report',
    subject: string,
    lines: string[],
  ) {
    const recipients = [
      { userId: null, email: this.config.adminEmail, name: 'dueña del estudio' },
      ...(this.config.hostEmail && this.config.hostEmail !== this.config.adminEmail
        ? [{ userId: null, email: this.config.hostEmail, name: 'administrador del servidor' }]
        : []),
    ];
    for (const to of recipients) {
      await this.notifications.emit({ type: 'operations.alert', to, payload: { problem, state, subject, lines } });
    }
  }

  /** An exclusive lock file; one older than 10 minutes is a crashed run's and is taken over. */
  private takeLock(file: string): boolean {
    try {
      closeSync(openSync(file, 'wx'));
      return true;
    } catch {
      try {
        if (this.clock.now().getTime() - statSync(file).mtimeMs > 10 * 60_000) {
          rmSync(file, { force: true });
          closeSync(openSync(file, 'wx'));
          return true;
        }
      } catch {
        // another replica took it
      }
      return false;
    }
  }

  private readState(statusDir: string): AlertState {
    try {
      const state = JSON.parse(readFileSync(join(statusDir, ALERTS_FILE), 'utf8')) as AlertState;
      return { open: state.open ?? {}, drillReportedAt: state.drillReportedAt };
    } catch {
      return { open: {} };
    }
  }

  private writeState(statusDir: string, state: AlertState): void {
    const file = join(statusDir, ALERTS_FILE);
    writeFileSync(`${file}.partial`, JSON.stringify(state), { mode: 0o644 });
    renameSync(`${file}.partial`, file);
  }

  /** The studio's calendar day of `date` (YYYY-MM-DD): "one mail per problem and day". */
  private studioDay(date: Date): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone: this.config.studioTimeZone }).format(date);
  }

  /** "3 de diciembre, 14:05" in the studio's zone. */
  private format(date: Date): string {
    return new Intl.DateTimeFormat('es-MX', {
      timeZone: this.config.studioTimeZone,
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(date);
  }
}
