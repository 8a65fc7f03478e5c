import type { TestApp } from './test-app';

/** What a refused request must leave as it was: row counts and the values that bookings, payments and edits move. */
const FINGERPRINT_SQL = `SELECT ${[
  'SELECT COUNT(*) FROM users',
  'SELECT COALESCE(SUM(active), 0) FROM users',
  'SELECT COALESCE(SUM(session_version), 0) FROM users',
  "SELECT COUNT(*) FROM users WHERE role = 'admin'",
  'SELECT COUNT(*) FROM user_plans',
  'SELECT COALESCE(SUM(classes_remaining), 0) FROM user_plans',
  'SELECT COALESCE(SUM(is_paid), 0) FROM user_plans',
  "SELECT COUNT(*) FROM reservations WHERE status = 'active'",
  'SELECT COUNT(*) FROM reservations',
  'SELECT COALESCE(SUM(reserved_count), 0) FROM class_sessions',
  'SELECT COUNT(*) FROM plans',
  'SELECT COALESCE(SUM(price_cents), 0) FROM plans',
  'SELECT COALESCE(SUM(visible), 0) FROM plans',
  'SELECT COALESCE(SUM(capacity), 0) FROM schedules',
  'SELECT COALESCE(SUM(active), 0) FROM schedules',
  'SELECT COUNT(*) FROM payments',
  'SELECT COUNT(*) FROM audit_log',
  'SELECT COUNT(*) FROM gift_cards',
  "SELECT COUNT(*) FROM gift_cards WHERE status IN ('redeemed', 'voided', 'sent')",
  'SELECT COALESCE(SUM(balance_cents), 0) FROM gift_balances',
]
  .map((sql, i) => `(${sql}) AS f${i}`)
  .join(', ')}`;

/** The database's fingerprint (FINGERPRINT_SQL) as one comparable string. */
export async function fingerprint(t: TestApp): Promise<string> {
  const [row] = (await t.dataSource.query(FINGERPRINT_SQL)) as Record<string, unknown>[];
  return Object.values(row).map(Number).join(',');
}
