import {
  MigrationInterface,
  QueryRunner,
  Table,
  TableColumnOptions,
  TableForeignKeyOptions,
  TableIndexOptions,
} from 'typeorm';

interface TableSpec {
  name: string;
  columns: TableColumnOptions[];
  indices?: TableIndexOptions[];
  foreignKeys?: TableForeignKeyOptions[];
  /** Data-protecting CHECK constraints (name → expression). */
  checks?: Record<string, string>;
}

const id: TableColumnOptions = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
};
const createdAt: TableColumnOptions = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const updatedAt: TableColumnOptions = { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
/** Named `fk_<table>_<column>` in up(): MySQL wants foreign-key names unique per database. */
const fk = (column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT' | 'SET NULL'): TableForeignKeyOptions => ({
  columnNames: [column],
  referencedTableName: table,
  referencedColumnNames: ['id'],
  onDelete,
});

const tables: TableSpec[] = [
  {
    name: 'users',
    columns: [
      id,
      { name: 'name', type: 'varchar', length: '120' },
      { name: 'email', type: 'varchar', length: '254' },
      { name: 'phone', type: 'varchar', length: '30', isNullable: true },
      { name: 'password_hash', type: 'varchar', length: '255' },
      { name: 'birth_date', type: 'date' },
      { name: 'role', type: 'varchar', length: '10', default: "'user'" },
      { name: 'active', type: 'boolean', default: 1 },
      { name: 'session_version', type: 'int', default: 0 },
      { name: 'calendar_token', type: 'varchar', length: '64', isNullable: true },
      createdAt,
      updatedAt,
    ],
    indices: [
      { name: 'uq_users_email', columnNames: ['email'], isUnique: true },
      { name: 'uq_users_calendar_token', columnNames: ['calendar_token'], isUnique: true },
    ],
    checks: { ck_users_role: "role IN ('user', 'admin')" },
  },
  {
    name: 'password_reset_tokens',
    columns: [
      id,
      { name: 'user_id', type: 'int' },
      { name: 'token_hash', type: 'varchar', length: '64' },
      { name: 'expires_at', type: 'datetime' },
      { name: 'used_at', type: 'datetime', isNullable: true },
      createdAt,
    ],
    indices: [
      { name: 'uq_password_reset_token_hash', columnNames: ['token_hash'], isUnique: true },
      { name: 'ix_password_reset_user', columnNames: ['user_id'] },
    ],
    foreignKeys: [fk('user_id', 'users', 'CASCADE')],
  },
  {
    name: 'plans',
    columns: [
      id,
      { name: 'name', type: 'varchar', length: '80' },
      { name: 'price_cents', type: 'int' },
      { name: 'class_count', type: 'int' },
      { name: 'visible', type: 'boolean', default: 1 },
      { name: 'sort_order', type: 'int', default: 0 },
      createdAt,
      updatedAt,
    ],
    checks: { ck_plans_price: 'price_cents >= 0', ck_plans_classes: 'class_count >= 0' },
  },
  {
    name: 'user_plans',
    columns: [
      id,
      { name: 'user_id', type: 'int' },
      { name: 'plan_id', type: 'int', isNullable: true },
      { name: 'plan_name', type: 'varchar', length: '80' },
      { name: 'classes_total', type: 'int' },
      { name: 'classes_remaining', type: 'int' },
      { name: 'start_date', type: 'date' },
      { name: 'end_date', type: 'date' },
      { name: 'is_paid', type: 'boolean', default: 0 },
      { name: 'source', type: 'varchar', length: '10', default: "'admin'" },
      { name: 'revoked_at', type: 'datetime', isNullable: true },
      createdAt,
      updatedAt,
    ],
    indices: [{ name: 'ix_user_plans_user_end', columnNames: ['user_id', 'end_date'] }],
    foreignKeys: [fk('user_id', 'users', 'RESTRICT'), fk('plan_id', 'plans', 'SET NULL')],
    checks: {
      ck_user_plans_remaining: 'classes_remaining >= 0',
      ck_user_plans_total: 'classes_total >= 0',
      ck_user_plans_dates: 'end_date >= start_date',
      ck_user_plans_source: "source IN ('admin', 'payment')",
    },
  },
  {
    name: 'schedules',
    columns: [
      id,
      { name: 'weekday', type: 'int' },
      { name: 'start_time', type: 'varchar', length: '5' },
      { name: 'duration_minutes', type: 'int', default: 50 },
      { name: 'capacity', type: 'int' },
      { name: 'instructor', type: 'varchar', length: '120', isNullable: true },
      { name: 'active', type: 'boolean', default: 1 },
      createdAt,
      updatedAt,
    ],
    indices: [{ name: 'ix_schedules_weekday', columnNames: ['weekday', 'start_time'] }],
    checks: {
      ck_schedules_weekday: 'weekday BETWEEN 1 AND 7',
      ck_schedules_capacity: 'capacity > 0',
      ck_schedules_duration: 'duration_minutes > 0',
    },
  },
  {
    name: 'class_sessions',
    columns: [
      id,
      { name: 'schedule_id', type: 'int' },
      { name: 'date', type: 'date' },
      { name: 'start_time', type: 'varchar', length: '5' },
      { name: 'capacity', type: 'int' },
      { name: 'reserved_count', type: 'int', default: 0 },
      { name: 'status', type: 'varchar', length: '10', default: "'scheduled'" },
      { name: 'instructor', type: 'varchar', length: '120', isNullable: true },
      createdAt,
      updatedAt,
    ],
    indices: [
      { name: 'uq_class_sessions_schedule_date', columnNames: ['schedule_id', 'date'], isUnique: true },
      { name: 'ix_class_sessions_date', columnNames: ['date'] },
    ],
    foreignKeys: [fk('schedule_id', 'schedules', 'RESTRICT')],
    checks: {
      ck_class_sessions_reserved: 'reserved_count >= 0 AND reserved_count <= capacity',
      ck_class_sessions_status: "status IN ('scheduled', 'cancelled')",
    },
  },
  {
    name: 'reservations',
    columns: [
      id,
      { name: 'class_session_id', type: 'int' },
      { name: 'user_id', type: 'int' },
      { name: 'user_plan_id', type: 'int' },
      { name: 'status', type: 'varchar', length: '10', default: "'active'" },
      { name: 'active_marker', type: 'int', isNullable: true, default: 1 },
      { name: 'cancelled_at', type: 'datetime', isNullable: true },
      { name: 'cancelled_by', type: 'int', isNullable: true },
      { name: 'reminder_sent_at', type: 'datetime', isNullable: true },
      createdAt,
    ],
    indices: [
      // One active reservation per class and user; cancelled rows have a NULL marker.
      { name: 'uq_reservations_active', columnNames: ['class_session_id', 'user_id', 'active_marker'], isUnique: true },
      { name: 'ix_reservations_user', columnNames: ['user_id', 'status'] },
      { name: 'ix_reservations_user_plan', columnNames: ['user_plan_id'] },
    ],
    foreignKeys: [
      fk('class_session_id', 'class_sessions', 'RESTRICT'),
      fk('user_id', 'users', 'RESTRICT'),
      fk('user_plan_id', 'user_plans', 'RESTRICT'),
      fk('cancelled_by', 'users', 'SET NULL'),
    ],
    checks: {
      ck_reservations_status: "status IN ('active', 'cancelled')",
      ck_reservations_marker:
        "(status = 'active' AND active_marker = 1) OR (status = 'cancelled' AND active_marker IS NULL)",
    },
  },
  {
    name: 'payments',
    columns: [
      id,
      { name: 'user_id', type: 'int' },
      { name: 'plan_id', type: 'int' },
      { name: 'plan_name', type: 'varchar', length: '80' },
      { name: 'class_count', type: 'int' },
      { name: 'price_cents', type: 'int' },
      { name: 'commission_cents', type: 'int' },
      { name: 'total_cents', type: 'int' },
      { name: 'currency', type: 'varchar', length: '3', default: "'MXN'" },
      { name: 'status', type: 'varchar', length: '20', default: "'created'" },
      { name: 'status_detail', type: 'varchar', length: '80', isNullable: true },
      { name: 'provider_payment_id', type: 'varchar', length: '40', isNullable: true },
      { name: 'preference_id', type: 'varchar', length: '80', isNullable: true },
      { name: 'user_plan_id', type: 'int', isNullable: true },
      { name: 'expires_at', type: 'datetime', isNullable: true },
      { name: 'approved_at', type: 'datetime', isNullable: true },
      { name: 'last_checked_at', type: 'datetime', isNullable: true },
      createdAt,
      updatedAt,
    ],
    indices: [
      { name: 'uq_payments_provider_payment', columnNames: ['provider_payment_id'], isUnique: true },
      { name: 'uq_payments_user_plan', columnNames: ['user_plan_id'], isUnique: true },
      { name: 'ix_payments_status', columnNames: ['status', 'created_at'] },
      { name: 'ix_payments_user', columnNames: ['user_id'] },
    ],
    foreignKeys: [
      fk('user_id', 'users', 'RESTRICT'),
      fk('plan_id', 'plans', 'RESTRICT'),
      fk('user_plan_id', 'user_plans', 'SET NULL'),
    ],
    checks: {
      ck_payments_amounts:
        'price_cents >= 0 AND commission_cents >= 0 AND total_cents = price_cents + commission_cents',
    },
  },
  {
    name: 'audit_log',
    columns: [
      id,
      { name: 'actor_id', type: 'int', isNullable: true },
      { name: 'action', type: 'varchar', length: '60' },
      { name: 'entity_type', type: 'varchar', length: '40' },
      { name: 'entity_id', type: 'varchar', length: '40' },
      { name: 'subject_user_id', type: 'int', isNullable: true },
      { name: 'before', type: 'text', isNullable: true },
      { name: 'after', type: 'text', isNullable: true },
      createdAt,
    ],
    indices: [
      { name: 'ix_audit_log_created', columnNames: ['created_at'] },
      { name: 'ix_audit_log_subject', columnNames: ['subject_user_id'] },
      { name: 'ix_audit_log_actor', columnNames: ['actor_id'] },
    ],
    foreignKeys: [fk('actor_id', 'users', 'SET NULL')],
  },
];

/**
 * The whole data model, written once for both drivers through TypeORM's schema
 * builder. TypeORM cannot create CHECK constraints on MySQL, so there they are added
 * with ALTER TABLE (MySQL 8.0.16+ and MariaDB 10.2+ enforce them).
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = ['mysql', 'mariadb'].includes(queryRunner.connection.options.type);
    for (const spec of tables) {
      const checks = Object.entries(spec.checks ?? {}).map(([name, expression]) => ({ name, expression }));
      await queryRunner.createTable(
        new Table({
          name: spec.name,
          columns: spec.columns,
          indices: spec.indices,
          foreignKeys: spec.foreignKeys?.map((key) => ({ ...key, name: `fk_${spec.name}_${key.columnNames[0]}` })),
          checks: isMysql ? [] : checks,
          ...(isMysql ? { engine: 'InnoDB' } : {}),
        }),
      );
      if (isMysql) {
        await queryRunner.query(
          `ALTER TABLE \`${spec.name}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
        for (const check of checks) {
          await queryRunner.query(
            `ALTER TABLE \`${spec.name}\` ADD CONSTRAINT \`${check.name}\` CHECK (${check.expression})`,
          );
        }
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const spec of [...tables].reverse()) {
      await queryRunner.dropTable(spec.name);
    }
  }
}
