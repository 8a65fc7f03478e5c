import { Injectable } from '@nestjs/common';
import { zipSync, strToU8 } from 'fflate';
import { createHash, randomBytes } from 'node:crypto';
import { toCsv, type CsvValue } from '../admin';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { toDate } from '../core/database/column-types';
import { TransactionService } from '../core/database/transaction.service';
import { EXPORT_SECTIONS, type ExportSection } from './export-sections';
import { PrivacyError, PrivacyErrorCode } from './privacy.errors';
import { PrivacyRepository, type RawRow } from './privacy.repository';

/** How long a «Mis datos» link works. */
export const EXPORT_LINK_HOURS = 24;
/** Links a person may ask for in 24 hours. */
export const EXPORTS_PER_DAY = 3;
const HOUR_MS = 3600 * 1000;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** 32 random bytes in base64url: 43 characters. */
const TOKEN = /^([A-Za-z0-9_-]{43})\.(json|zip)$/;

export interface ExportLink {
  url: string;
  zipUrl: string;
  expiresAt: Date;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/** Column names in the words of the CSVs (a column not listed keeps its own name). */
const COLUMN_LABELS: Record<string, string> = {
  id: 'Número',
  user_id: 'Cuenta',
  name: 'Nombre',
  email: 'Correo',
  phone: 'Teléfono',
  birth_date: 'Fecha de nacimiento',
  role: 'Rol',
  active: 'Activa',
  created_at: 'Creado',
  updated_at: 'Actualizado',
  status: 'Estado',
  plan_name: 'Plan',
  classes_total: 'Clases del plan',
  classes_remaining: 'Clases restantes',
  start_date: 'Inicio',
  end_date: 'Fin',
  class_day: 'Día de la clase',
  class_start_time: 'Hora de la clase',
  attended: 'Asistió',
  cancelled_at: 'Cancelada',
  price_cents: 'Precio (pesos)',
  total_cents: 'Total (pesos)',
  amount_cents: 'Monto (pesos)',
  commission_cents: 'Comisión (pesos)',
  paid_cents: 'Pagado (pesos)',
  refunded_cents: 'Reembolsado (pesos)',
  balance_cents: 'Saldo (pesos)',
  delta_cents: 'Movimiento (pesos)',
  kind: 'Tipo',
  version: 'Versión',
  accepted_at: 'Aceptado',
  consented_at: 'Consentido',
  withdrawn_at: 'Retirado',
  ip_address: 'Dirección IP',
  source: 'Origen',
  recipient: 'Destinatario',
  recipient_email: 'Correo del destinatario',
  recipient_name: 'Nombre del destinatario',
  subject: 'Asunto',
  text: 'Texto',
  sent_at: 'Enviado',
  rfc: 'RFC',
  legal_name: 'Razón social',
  zip: 'Código postal',
  action: 'Acción',
  expires_at: 'Vence',
};

const DATETIME_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const esDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * «Mis datos»: a link that works 24 hours, only in its owner's session, to everything the studio
 * holds about them, as one JSON file or a ZIP of CSVs. The files are made from the database at each
 * download: no copy of anyone's data is left on disk, and an account deleted meanwhile has nothing
 * left to hand out.
 */
@Injectable()
export class DataExportService {
  constructor(
    private readonly repository: PrivacyRepository,
    private readonly transactions: TransactionService,
    private readonly clock: StudioClock,
  ) {}

  async requestExport(caller: Caller): Promise<ExportLink> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + EXPORT_LINK_HOURS * HOUR_MS);
    await this.transactions.run(async () => {
      // Counted under the user's row lock: two requests at once cannot both take the last one.
      const recent = await this.repository.exportsSince(caller.id, new Date(now.getTime() - 24 * HOUR_MS));
      if (recent >= EXPORTS_PER_DAY) throw new PrivacyError(PrivacyErrorCode.EXPORT_LIMIT);
      await this.repository.insertExport({ userId: caller.id, tokenHash: sha256(token), createdAt: now, expiresAt });
    });
    return {
      url: `/api/informacion/export/${token}.json`,
      zipUrl: `/api/informacion/export/${token}.zip`,
      expiresAt,
    };
  }

  /** One download: 404 for a guest, another user or an unknown link; 410 once it ended. */
  async download(caller: Caller | null, file: string): Promise<ExportFile> {
    const match = TOKEN.exec(file);
    if (!caller || !match) throw new PrivacyError(PrivacyErrorCode.EXPORT_NOT_FOUND);
    const row = await this.repository.exportByHash(sha256(match[1]));
    if (!row || row.userId !== caller.id) throw new PrivacyError(PrivacyErrorCode.EXPORT_NOT_FOUND);
    if (row.expiresAt.getTime() <= this.clock.now().getTime()) throw new PrivacyError(PrivacyErrorCode.EXPORT_EXPIRED);
    const data = await this.collect(caller.id);
    const stamp = this.clock.today();
    const json = JSON.stringify(data, null, 2);
    if (match[2] === 'json') {
      return {
        filename: `mis-datos-${stamp}.json`,
        contentType: 'application/json; charset=utf-8',
        body: Buffer.from(json, 'utf8'),
      };
    }
    return { filename: `mis-datos-${stamp}.zip`, contentType: 'application/zip', body: this.zip(data, json) };
  }

  /** Everything about the user, by table (the JSON file's `tablas`). */
  async collect(userId: number): Promise<{ generadoEl: string; cuenta: number; tablas: Record<string, RawRow[]> }> {
    return this.transactions.run(async () => {
      const email = (await this.repository.emailOf(userId)) ?? '';
      const tablas: Record<string, RawRow[]> = {};
      for (const section of EXPORT_SECTIONS) {
        const rows = await this.repository.sectionRows(section, userId, email);
        tablas[section.table] = rows.map(plainRow);
      }
      return { generadoEl: this.clock.now().toISOString(), cuenta: userId, tablas };
    });
  }

  /** The links that ended, deleted (the data-exports-sweep job). */
  sweep(): Promise<number> {
    return this.transactions.run(() => this.repository.deleteExpiredExports(this.clock.now()));
  }

  private zip(data: { tablas: Record<string, RawRow[]> }, json: string): Buffer {
    const files: Record<string, Uint8Array> = {
      'LEEME.txt': strToU8(
        [
          'Tus datos en el estudio, como los tenemos hoy.',
          'Cada archivo CSV es una parte (perfil, planes, reservaciones, pagos…); se abren con Excel o',
          'Google Sheets. Las fechas van en día/mes/año y hora del estudio; los montos, en pesos.',
          'mis-datos.json tiene lo mismo en un solo archivo, para llevarlo a otro servicio.',
          '',
        ].join('\r\n'),
      ),
      'mis-datos.json': strToU8(json),
    };
    for (const section of EXPORT_SECTIONS) {
      const rows = data.tablas[section.table] ?? [];
      if (rows.length === 0) continue;
      files[`${section.file}.csv`] = strToU8(this.csv(section, rows));
    }
    return Buffer.from(zipSync(files, { level: 6 }));
  }

  private csv(section: ExportSection, rows: RawRow[]): string {
    const columns = Object.keys(rows[0]).filter((column) => !section.omit?.includes(column));
    return toCsv(
      columns.map((column) => COLUMN_LABELS[column] ?? column),
      rows.map((row) => columns.map((column) => this.cell(column, row[column]))),
    );
  }

  /** One value as people read it: dates dd/mm/aaaa (instants in studio time), centavos as pesos. */
  private cell(column: string, value: unknown): CsvValue {
    if (value === null || value === undefined) return '';
    if (column.endsWith('_cents')) return (Number(value) / 100).toFixed(2);
    if (typeof value === 'string' && DATETIME_TEXT.test(value)) {
      const at = toDate(value);
      return `${esDate(this.clock.today(at))} ${this.clock.timeOfDay(at)}`;
    }
    if (typeof value === 'string' && DATE_TEXT.test(value)) return esDate(value);
    if (typeof value === 'number') return value;
    if (typeof value === 'boolean') return value ? 'Sí' : 'No';
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  }
}

/** A row as JSON carries it: instants as ISO text (both drivers), JSON columns as objects. */
function plainRow(row: RawRow): RawRow {
  const out: RawRow = {};
  for (const [column, value] of Object.entries(row)) {
    if (value instanceof Date) out[column] = value.toISOString();
    else if (Buffer.isBuffer(value)) out[column] = value.toString('utf8');
    else if (typeof value === 'string' && DATETIME_TEXT.test(value) && !value.includes('T'))
      out[column] = toDate(value).toISOString();
    else if (typeof value === 'string' && /^[[{]/.test(value)) out[column] = parseJson(value);
    else out[column] = value;
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
