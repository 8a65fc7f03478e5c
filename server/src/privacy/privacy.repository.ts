import { TransactionHost } from '@nestjs-cls/transactional';
import type { Role } from '../core/auth/permissions';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { LessThanOrEqual, MoreThanOrEqual } from 'typeorm';
import { sqlDatetime } from '../core/database/column-types';
import { DataExport } from './entities';
import type { ExportSection } from './export-sections';

/** One row as the driver gives it. */
export type RawRow = Record<string, unknown>;

/** What the person's account holds that deleting it would forfeit. */
export interface PendingRows {
  plans: { planName: string; classesRemaining: number; endDate: string }[];
  futureReservations: number;
  pendingPayments: number;
  liveMembership: { id: number; planName: string; preapprovalId: string | null } | null;
}

/** The person's identifying values, looked for and replaced wherever free text may hold them. */
export interface PersonValues {
  name: string;
  email: string;
  phones: string[];
  birthDate: string;
  rfcs: string[];
}

/** The account as deletion needs it. */
export interface AccountRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  birthDate: string;
  role: Role;
}

const LIVE_MEMBERSHIP = "('pending', 'active', 'paused', 'past_due')";
const PENDING_PAYMENT = "('created', 'pending', 'in_process', 'authorized')";
/** What the anonymised account is called wherever a name must stay. */
export const DELETED_NAME = 'Cuenta eliminada';
/** The birth date column cannot be empty: a date nobody has. */
export const DELETED_BIRTH_DATE = '1900-01-01';
/** The RFC of «público en general»: what an invoice keeps once its person is gone. */
export const PUBLIC_RFC = 'XAXX010101000';
const SCRUBBED = '[eliminado]';

/** Free-text columns that may quote a person's values (audit snapshots, mail payloads, gift messages). */
const FREE_TEXT: readonly { table: string; key: string; column: string }[] = [
  { table: 'audit_log', key: 'id', column: 'before' },
  { table: 'audit_log', key: 'id', column: 'after' },
  { table: 'notification_events', key: 'id', column: 'payload' },
  { table: 'gift_cards', key: 'id', column: 'message' },
  { table: 'arco_requests', key: 'id', column: 'response_note' },
];

/** All SQL of «Mis datos» and «Eliminar mi cuenta». */
@Injectable()
export class PrivacyRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // ---- Export links ----

  async insertExport(row: Pick<DataExport, 'userId' | 'tokenHash' | 'createdAt' | 'expiresAt'>): Promise<void> {
    await this.txHost.tx.insert(DataExport, row);
  }

  exportByHash(tokenHash: string): Promise<DataExport | null> {
    return this.txHost.tx.findOneBy(DataExport, { tokenHash });
  }

  /** Links the user asked for since `since` (the daily limit), under the user's row lock on MySQL. */
  async exportsSince(userId: number, since: Date): Promise<number> {
    await this.txHost.tx.query('UPDATE users SET session_version = session_version WHERE id = ?', [userId]);
    return this.txHost.tx.countBy(DataExport, { userId, createdAt: MoreThanOrEqual(since) });
  }

  /** The data-exports-sweep job: links that ended (and stopped counting towards the limit). */
  async deleteExpiredExports(now: Date): Promise<number> {
    // Through TypeORM, so the instant is compared in the form TypeORM wrote it on either driver.
    const result = await this.txHost.tx.delete(DataExport, { expiresAt: LessThanOrEqual(now) });
    return result.affected ?? 0;
  }

  // ---- The export's contents ----

  /** Every row of one section that belongs to the user, secret columns left out. */
  async sectionRows(section: ExportSection, userId: number, email: string): Promise<RawRow[]> {
    const rows: RawRow[] = await this.txHost.tx.query(section.select, section.params(userId, email));
    return rows.map((row) => {
      const kept: RawRow = {};
      for (const [column, value] of Object.entries(row)) {
        if (!section.omit?.includes(column)) kept[column] = value;
      }
      return kept;
    });
  }

  async emailOf(userId: number): Promise<string | null> {
    const [row]: RawRow[] = await this.txHost.tx.query('SELECT email FROM users WHERE id = ?', [userId]);
    return row ? String(row.email) : null;
  }

  // ---- Deletion ----

  /** The account, its row locked (MySQL) so two deletions or a deletion and a booking wait for each other. */
  async lockAccount(userId: number): Promise<AccountRow | null> {
    await this.txHost.tx.query('UPDATE users SET session_version = session_version WHERE id = ?', [userId]);
    const [row]: RawRow[] = await this.txHost.tx.query(
      'SELECT id, name, email, phone, birth_date AS birthDate, role FROM users WHERE id = ?',
      [userId],
    );
    if (!row) return null;
    const birth = row.birthDate instanceof Date ? row.birthDate.toISOString() : String(row.birthDate);
    return {
      id: Number(row.id),
      name: String(row.name),
      email: String(row.email),
      phone: row.phone === null ? null : String(row.phone),
      birthDate: birth.slice(0, 10),
      role: String(row.role) as Role,
    };
  }

  /** The values to scrub besides the account's own: numbers of WhatsApp consents, RFCs of fiscal data. */
  async otherValuesOf(userId: number): Promise<{ phones: string[]; rfcs: string[] }> {
    const phones: RawRow[] = await this.txHost.tx.query(
      `SELECT phone FROM whatsapp_consents WHERE user_id = ? UNION SELECT phone FROM whatsapp_messages WHERE user_id = ?`,
      [userId, userId],
    );
    const rfcs: RawRow[] = await this.txHost.tx.query(
      'SELECT rfc FROM fiscal_profiles WHERE user_id = ? UNION SELECT rfc FROM invoices WHERE user_id = ?',
      [userId, userId],
    );
    return {
      phones: phones.map((row) => String(row.phone)).filter((phone) => phone.length > 0),
      rfcs: rfcs.map((row) => String(row.rfc)).filter((rfc) => rfc.length > 0 && rfc !== PUBLIC_RFC),
    };
  }

  async pendingOf(userId: number, today: string, timeOfDay: string, now: Date): Promise<PendingRows> {
    const tx = this.txHost.tx;
    const plans: RawRow[] = await tx.query(
      `SELECT plan_name AS planName, classes_remaining AS classesRemaining, end_date AS endDate FROM user_plans
       WHERE user_id = ? AND revoked_at IS NULL AND classes_remaining > 0 AND end_date >= ? ORDER BY end_date`,
      [userId, today],
    );
    const [reservations]: RawRow[] = await tx.query(
      `SELECT COUNT(*) AS n FROM reservations r JOIN class_sessions cs ON cs.id = r.class_session_id
       WHERE r.user_id = ? AND r.status = 'active' AND (cs.date > ? OR (cs.date = ? AND cs.start_time > ?))`,
      [userId, today, today, timeOfDay],
    );
    const [payments]: RawRow[] = await tx.query(
      `SELECT COUNT(*) AS n FROM payments WHERE user_id = ? AND status IN ${PENDING_PAYMENT}
       AND (expires_at IS NULL OR expires_at > ?)`,
      [userId, sqlDatetime(now)],
    );
    const [membership]: RawRow[] = await tx.query(
      `SELECT id, plan_name AS planName, preapproval_id AS preapprovalId FROM memberships
       WHERE user_id = ? AND status IN ${LIVE_MEMBERSHIP} ORDER BY id DESC`,
      [userId],
    );
    return {
      plans: plans.map((row) => ({
        planName: String(row.planName),
        classesRemaining: Number(row.classesRemaining),
        endDate: String(row.endDate instanceof Date ? row.endDate.toISOString() : row.endDate).slice(0, 10),
      })),
      futureReservations: Number(reservations.n),
      pendingPayments: Number(payments.n),
      liveMembership: membership
        ? {
            id: Number(membership.id),
            planName: String(membership.planName),
            preapprovalId: membership.preapprovalId === null ? null : String(membership.preapprovalId),
          }
        : null,
    };
  }

  async cancelMembership(id: number, now: Date): Promise<void> {
    await this.txHost.tx.query(
      `UPDATE memberships SET status = 'cancelled', provider_status = 'cancelled', cancelled_at = ?, updated_at = ?
       WHERE id = ? AND status IN ${LIVE_MEMBERSHIP}`,
      [sqlDatetime(now), sqlDatetime(now), id],
    );
  }

  /**
   * Erases or replaces, in the caller's transaction, every personal value the studio holds about
   * the account; what the law requires to keep (payments, invoices, consents) stays, by id only.
   */
  async anonymise(account: AccountRow, values: PersonValues, deletedEmail: string, now: Date): Promise<void> {
    const tx = this.txHost.tx;
    const at = sqlDatetime(now);
    const id = account.id;
    // The free text first: it is found by the values about to be replaced.
    await this.scrubFreeText(values);
    await this.scrubAuditAbout(id);
    await tx.query(
      `UPDATE users SET name = ?, email = ?, phone = NULL, birth_date = ?, password_hash = ?, active = 0,
         session_version = session_version + 1, calendar_token = NULL, favourite_spot_id = NULL, updated_at = ?
       WHERE id = ?`,
      // Not a hash the hasher ever makes: no password matches it.
      [DELETED_NAME, deletedEmail, DELETED_BIRTH_DATE, '!cuenta-eliminada', at, id],
    );
    await tx.query('DELETE FROM user_search_grams WHERE user_id = ?', [id]);
    await tx.query('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [at, id]);
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = ?', [id]);
    await tx.query('DELETE FROM data_exports WHERE user_id = ?', [id]);
    await tx.query('DELETE FROM login_failures WHERE email = ?', [values.email]);
    await tx.query('DELETE FROM auth_rate_limits WHERE INSTR(bucket, ?) > 0', [values.email]);
    await tx.query('DELETE FROM fiscal_profiles WHERE user_id = ?', [id]);
    // Sensitive data (the health questionnaire) and who read it: erased, nothing of it is proof.
    await tx.query('DELETE FROM health_profile_views WHERE user_id = ?', [id]);
    await tx.query('DELETE FROM health_profiles WHERE user_id = ?', [id]);
    // Kept five years for the tax law, without the person: the CFDI itself is at the SAT and Facturapi.
    await tx.query(
      `UPDATE invoices SET user_id = NULL, rfc = ?, legal_name = ?, email = NULL, updated_at = ? WHERE user_id = ?`,
      [PUBLIC_RFC, DELETED_NAME.toUpperCase(), at, id],
    );
    // Consents stay as proof of what was accepted and when, without the number.
    await tx.query(
      `UPDATE whatsapp_consents SET phone = '', withdrawn_at = COALESCE(withdrawn_at, ?),
         withdrawn_via = COALESCE(withdrawn_via, 'account'), active_marker = NULL WHERE user_id = ?`,
      [at, id],
    );
    await tx.query(
      'UPDATE marketing_consents SET withdrawn_at = ?, active_marker = NULL WHERE user_id = ? AND withdrawn_at IS NULL',
      [at, id],
    );
    await tx.query("UPDATE whatsapp_messages SET phone = '', error_title = NULL WHERE user_id = ?", [id]);
    for (const phone of values.phones) {
      const digits = phone.replace(/\D/g, '');
      if (digits.length >= 10) {
        await tx.query('DELETE FROM whatsapp_webhook_events WHERE processed_at IS NOT NULL AND INSTR(body, ?) > 0', [
          digits,
        ]);
      }
    }
    // Messages not sent yet are not sent any more; the sent ones keep their row, not the address.
    await tx.query(
      `DELETE FROM notification_deliveries WHERE sent_at IS NULL
         AND event_id IN (SELECT id FROM notification_events WHERE recipient_user_id = ? OR recipient_email = ?)
         AND id NOT IN (SELECT delivery_id FROM whatsapp_messages)`,
      [id, values.email],
    );
    await tx.query(
      `UPDATE notification_events SET recipient_email = ?, recipient_name = ?, payload = '{}'
       WHERE recipient_user_id = ? OR recipient_email = ?`,
      [deletedEmail, DELETED_NAME, id, values.email],
    );
    await tx.query('DELETE FROM mail_queue WHERE recipient = ?', [values.email]);
    await tx.query('UPDATE gift_cards SET recipient_email = ?, recipient_name = ? WHERE recipient_email = ?', [
      deletedEmail,
      DELETED_NAME,
      values.email,
    ]);
    await tx.query('UPDATE intro_claims SET email_key = ?, phone_key = NULL WHERE user_id = ?', [
      `eliminada-${id}`,
      id,
    ]);
    await tx.query('DELETE FROM spot_holds WHERE user_id = ? AND consumed_at IS NULL', [id]);
    // ARCO requests stay as proof the studio answered (folio, dates, status), naming no one.
    await tx.query(
      `UPDATE arco_requests SET name = ?, email = ?, detail = ?, ip_address = ''
       WHERE user_id = ? OR email = ?`,
      [DELETED_NAME, deletedEmail, SCRUBBED, id, values.email],
    );
  }

  /**
   * The audit entries about the account keep what changed, not the values: earlier names, emails
   * and birth dates (which the person's current values no longer find) are replaced.
   */
  private async scrubAuditAbout(userId: number): Promise<void> {
    const tx = this.txHost.tx;
    const rows: RawRow[] = await tx.query(
      `SELECT id, \`before\` AS b, \`after\` AS a FROM audit_log
       WHERE subject_user_id = ? OR (entity_type = 'user' AND entity_id = ?)`,
      [userId, String(userId)],
    );
    for (const row of rows) {
      const before = scrubPersonalKeys(row.b);
      const after = scrubPersonalKeys(row.a);
      if (before === undefined && after === undefined) continue;
      await tx.query(
        'UPDATE audit_log SET `before` = COALESCE(?, `before`), `after` = COALESCE(?, `after`) WHERE id = ?',
        [before ?? null, after ?? null, row.id],
      );
    }
  }

  /** Replaces the person's values inside free text (audit snapshots, mail payloads, gift messages). */
  private async scrubFreeText(values: PersonValues): Promise<void> {
    const needles = [values.name, values.email, values.birthDate, ...values.phones, ...values.rfcs].filter(
      (value) => value.length >= 4,
    );
    if (needles.length === 0) return;
    const tx = this.txHost.tx;
    for (const { table, key, column } of FREE_TEXT) {
      // Backticks quote on both drivers (SQLite accepts them): `before` is a reserved word of MySQL.
      const where = needles.map(() => `INSTR(\`${column}\`, ?) > 0`).join(' OR ');
      const rows: RawRow[] = await tx.query(
        `SELECT ${key} AS k, \`${column}\` AS v FROM ${table} WHERE ${where}`,
        needles,
      );
      for (const row of rows) {
        const text = typeof row.v === 'string' ? row.v : JSON.stringify(row.v);
        let scrubbed = text;
        for (const needle of needles) scrubbed = scrubbed.split(needle).join(SCRUBBED);
        await tx.query(`UPDATE ${table} SET \`${column}\` = ? WHERE ${key} = ?`, [scrubbed, row.k]);
      }
    }
  }
}

/** Audit fields that hold a person's own values. */
const PERSONAL_KEYS = ['name', 'email', 'phone', 'cumpleanos', 'birthDate', 'rfc', 'legalName'];

/** The JSON with its personal keys replaced, or undefined when it had none (or was not an object). */
function scrubPersonalKeys(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const record = { ...(parsed as Record<string, unknown>) };
  let changed = false;
  for (const key of PERSONAL_KEYS) {
    if (key in record && record[key] !== null) {
      record[key] = SCRUBBED;
      changed = true;
    }
  }
  return changed ? JSON.stringify(record) : undefined;
}
