/**
 * What «Mis datos» contains: one section per table that holds something about a person. A table
 * with a column that references users is listed here with each such column either as an owner
 * column (its rows are the person's and are exported) or as an actor column (the person only did
 * something to someone else's row: exported, it would hand out other clients' data). The
 * completeness test (test/privacy-export.int-spec.ts) reads the database's schema and fails when a
 * table or a column referencing users is missing from this list.
 */
export interface ExportSection {
  /** The table the rows come from (also the JSON key). */
  table: string;
  /** The CSV's file name inside the ZIP, without `.csv`. */
  file: string;
  /** Columns whose value is the person's id: the rows that are theirs. */
  ownerColumns: readonly string[];
  /** Columns that reference users as whoever acted (an admin, an instructor): not a reason to export the row. */
  actorColumns?: readonly string[];
  select: string;
  params: (userId: number, email: string) => unknown[];
  /** Secrets that are not the person's data (hashes, tokens): left out. */
  omit?: readonly string[];
}

const byUser = (
  table: string,
  file: string,
  column = 'user_id',
  extra: Partial<ExportSection> = {},
): ExportSection => ({
  table,
  file,
  ownerColumns: [column],
  select: `SELECT * FROM ${table} WHERE ${column} = ? ORDER BY 1`,
  params: (userId) => [userId],
  ...extra,
});

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  byUser('users', 'perfil', 'id', {
    ownerColumns: [],
    omit: ['password_hash', 'calendar_token', 'session_version'],
  }),
  byUser('legal_consents', 'consentimientos-legales'),
  byUser('marketing_consents', 'consentimientos-promociones'),
  byUser('whatsapp_consents', 'consentimientos-whatsapp'),
  byUser('user_plans', 'planes'),
  {
    table: 'reservations',
    file: 'reservaciones-y-asistencia',
    ownerColumns: ['user_id'],
    actorColumns: ['cancelled_by', 'attendance_marked_by'],
    select: `SELECT r.*, cs.date AS class_day, cs.start_time AS class_start_time FROM reservations r
             JOIN class_sessions cs ON cs.id = r.class_session_id WHERE r.user_id = ? ORDER BY r.id`,
    params: (userId) => [userId],
  },
  byUser('waitlist_entries', 'listas-de-espera'),
  byUser('spot_holds', 'lugares-apartados'),
  byUser('payments', 'pagos'),
  byUser('gift_balances', 'saldo-de-regalo'),
  byUser('gift_balance_movements', 'movimientos-de-saldo'),
  {
    table: 'gift_cards',
    file: 'tarjetas-de-regalo',
    ownerColumns: ['buyer_id', 'redeemed_by'],
    select: 'SELECT * FROM gift_cards WHERE buyer_id = ? OR redeemed_by = ? ORDER BY id',
    params: (userId) => [userId, userId],
    // The card's code and page are the recipient's to use, not data about the buyer.
    omit: ['code', 'page_token'],
  },
  byUser('memberships', 'membresias'),
  {
    table: 'membership_charges',
    file: 'cobros-de-membresia',
    ownerColumns: [],
    select: `SELECT c.* FROM membership_charges c JOIN memberships m ON m.id = c.membership_id
             WHERE m.user_id = ? ORDER BY c.id`,
    params: (userId) => [userId],
  },
  byUser('invoices', 'facturas'),
  byUser('fiscal_profiles', 'datos-fiscales'),
  byUser('health_profiles', 'cuestionario-de-salud'),
  {
    table: 'health_profile_views',
    file: 'lecturas-del-cuestionario-de-salud',
    ownerColumns: ['user_id'],
    // Who read one's questionnaire is part of one's data; what an instructor read of others is not theirs.
    actorColumns: ['viewer_id'],
    select: 'SELECT * FROM health_profile_views WHERE user_id = ? ORDER BY id',
    params: (userId) => [userId],
  },
  byUser('intro_claims', 'clase-de-prueba'),
  byUser('promo_code_attempts', 'intentos-de-codigos'),
  byUser('instructors', 'perfil-de-instructor'),
  {
    table: 'cover_requests',
    file: 'suplencias-pedidas',
    ownerColumns: ['requested_by'],
    actorColumns: ['decided_by'],
    select: 'SELECT * FROM cover_requests WHERE requested_by = ? ORDER BY id',
    params: (userId) => [userId],
  },
  {
    table: 'notification_events',
    file: 'mensajes',
    ownerColumns: ['recipient_user_id'],
    select: 'SELECT * FROM notification_events WHERE recipient_user_id = ? OR recipient_email = ? ORDER BY id',
    params: (userId, email) => [userId, email],
  },
  {
    table: 'notification_deliveries',
    file: 'envios-de-mensajes',
    ownerColumns: [],
    select: `SELECT d.* FROM notification_deliveries d JOIN notification_events e ON e.id = d.event_id
             WHERE e.recipient_user_id = ? OR e.recipient_email = ? ORDER BY d.id`,
    params: (userId, email) => [userId, email],
    omit: ['claimed_until'],
  },
  {
    table: 'mail_queue',
    file: 'correos',
    ownerColumns: [],
    select: 'SELECT id, recipient, subject, text, sent_at, created_at FROM mail_queue WHERE recipient = ? ORDER BY id',
    params: (_userId, email) => [email],
  },
  byUser('whatsapp_messages', 'mensajes-whatsapp'),
  {
    table: 'audit_log',
    file: 'auditoria',
    ownerColumns: ['subject_user_id'],
    actorColumns: ['actor_id'],
    select: 'SELECT * FROM audit_log WHERE subject_user_id = ? ORDER BY id',
    params: (userId) => [userId],
  },
  byUser('sessions', 'sesiones', 'user_id', { omit: ['id'] }),
  byUser('password_reset_tokens', 'enlaces-de-contrasena', 'user_id', { omit: ['token_hash'] }),
  byUser('user_search_grams', 'indice-de-busqueda'),
  byUser('data_exports', 'descargas-de-mis-datos', 'user_id', { omit: ['token_hash'] }),
  {
    table: 'arco_requests',
    file: 'solicitudes-arco',
    ownerColumns: ['user_id'],
    // Sent from the account, or without a session from the account's address.
    select: 'SELECT * FROM arco_requests WHERE user_id = ? OR email = ? ORDER BY id',
    params: (userId, email) => [userId, email],
  },
  {
    table: 'spot_outages',
    file: 'reformers-fuera-de-servicio',
    ownerColumns: [],
    actorColumns: ['created_by'],
    // Written by staff about the room, never about a person: nothing of theirs to export.
    select: 'SELECT * FROM spot_outages WHERE 1 = 0',
    params: () => [],
  },
  {
    table: 'studio_settings',
    file: 'ajustes-del-estudio',
    ownerColumns: [],
    actorColumns: ['updated_by'],
    select: 'SELECT * FROM studio_settings WHERE 1 = 0',
    params: () => [],
  },
];
