/**
 * The calendar's hottest reads: the classes of one weekday's timetable on a date (active
 * timetable classes of that weekday, and classes of a since-deactivated entry that people had
 * booked), optionally with who is booked in them (one row per person; LEFT JOINs keep the empty
 * classes). Plain SQL with `?` placeholders, portable across both drivers; each statement has
 * its own fixed parameter list. Kept free of imports: the bench's bare reference runs the same text.
 */
const SLOT_COLUMNS = `s.id AS scheduleId, s.start_time AS scheduleTime, s.capacity AS scheduleCapacity,
         s.instructor AS scheduleInstructor, s.instructor_id AS scheduleInstructorId, s.duration_minutes AS durationMinutes,
         c.id AS classId, c.start_time AS classTime, c.capacity AS classCapacity,
         c.reserved_count AS reservedCount, c.waiting_count AS waitingCount, c.status AS status,
         c.instructor AS classInstructor, c.instructor_id AS classInstructorId, c.substitute AS substitute,
         (SELECT i.photo FROM instructors i
           WHERE i.id = CASE WHEN c.id IS NULL THEN s.instructor_id ELSE c.instructor_id END) AS instructorPhoto,
         ct.id AS classTypeId, ct.name AS classTypeName, ct.level AS classTypeLevel, ct.colour AS classTypeColour,
         (SELECT GROUP_CONCAT(rs.spot_id) FROM reservations rs
           WHERE rs.class_session_id = c.id AND rs.active_marker = 1) AS takenSpots`;
const PEOPLE_COLUMNS =
  'r.id AS reservationId, u.id AS userId, u.name AS userName, u.email AS userEmail, r.spot_id AS spotId';
/** The roster's extra: attendance marked at the door, whether the place was paid at the studio, forgiveness. */
const ROSTER_COLUMNS = `r.attended AS attended, r.paid_at_studio AS paidAtStudio, sp.label AS spotLabel,
         r.forgiven_at AS forgivenAt`;
// The entry's class type by its primary key. A LEFT JOIN (class_type_id is NOT NULL and types are
// never deleted, so one always matches) keeps schedules the driving table: with a plain JOIN SQLite
// may scan class_types first and leave ix_schedules_weekday unused.
const CLASS_JOIN = `LEFT JOIN class_sessions c ON c.schedule_id = s.id AND c.date = ?
  LEFT JOIN class_types ct ON ct.id = s.class_type_id`;
const WEEKDAY = 'WHERE s.weekday = ? AND (s.active = 1 OR c.reserved_count > 0)';

/** Parameters: date, ISO weekday of the date. */
export const SLOTS_SQL = `SELECT ${SLOT_COLUMNS} FROM schedules s ${CLASS_JOIN} ${WEEKDAY}`;

/** Parameters: date, ISO weekday of the date. */
export const SLOTS_WITH_EVERYONE_SQL = `SELECT ${SLOT_COLUMNS}, ${PEOPLE_COLUMNS}, ${ROSTER_COLUMNS}
  FROM schedules s ${CLASS_JOIN}
  LEFT JOIN reservations r ON r.class_session_id = c.id AND r.status = 'active'
  LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN spots sp ON sp.id = r.spot_id
  ${WEEKDAY} ORDER BY s.id, r.id`;

/**
 * Parameters: date, user id, ISO weekday of the date. `active_marker = 1` (what `status = 'active'`
 * means, by ck_reservations_marker) names every column of uq_reservations_active: one row per
 * class, so no planner walks all of the caller's reservations through ix_reservations_user_class.
 */
export const SLOTS_WITH_ONE_SQL = `SELECT ${SLOT_COLUMNS}, ${PEOPLE_COLUMNS}, r.cancel_grace_until AS cancelGraceUntil,
    r.cancel_hours AS cancelHours
  FROM schedules s ${CLASS_JOIN}
  LEFT JOIN reservations r ON r.class_session_id = c.id AND r.status = 'active' AND r.active_marker = 1
    AND r.user_id = ?
  LEFT JOIN users u ON u.id = r.user_id
  ${WEEKDAY} ORDER BY s.id, r.id`;

/**
 * The room's live reformers on a date, each with whether a range puts it out of service that day
 * (a reformer in two overlapping ranges comes twice). Parameters: date, date. The room is small and
 * does not grow with the studio's years; the ranges come through ix_spot_outages_spot.
 */
export const ROOM_ON_SQL = `SELECT s.id AS id, s.label AS label, s.grid_row AS gridRow, s.grid_column AS gridColumn,
    o.id AS outageId
  FROM spots s
  LEFT JOIN spot_outages o ON o.spot_id = s.id AND o.to_date >= ? AND o.from_date <= ?
  WHERE s.active_marker = 1
  ORDER BY s.grid_row, s.grid_column, s.id`;

/**
 * The reformers checkouts hold in the classes of a date, live at a moment (spot_holds: 15 minutes
 * while their client pays). Parameters: date, now as 'YYYY-MM-DD HH:MM:SS' in UTC. One range of
 * ix_spot_holds_date, and usually no row.
 */
export const LIVE_HOLDS_ON_SQL = `SELECT h.class_session_id AS classId, h.spot_id AS spotId, h.user_id AS userId
  FROM spot_holds h WHERE h.date = ? AND h.expires_at > ? AND h.consumed_at IS NULL`;

/** One row of ROOM_ON_SQL. */
export interface RoomRow {
  id: number | string;
  label: string;
  gridRow: number | string;
  gridColumn: number | string;
  outageId: number | string | null;
}

/** One row of the statements above. */
export interface SlotRow {
  reservationId?: number | string | null;
  userId?: number | string | null;
  userName?: string | null;
  userEmail?: string | null;
  /** Only in SLOTS_WITH_EVERYONE_SQL: 1/0/NULL as the driver gives it. */
  attended?: number | string | boolean | null;
  paidAtStudio?: number | string | boolean | null;
  /** The reformer of the row's reservation (NULL on reservations made before the room was drawn). */
  spotId?: number | string | null;
  /** Only in SLOTS_WITH_EVERYONE_SQL: that reformer's label. */
  spotLabel?: string | null;
  /** Only in SLOTS_WITH_EVERYONE_SQL: set once a late release or a no-show was forgiven. */
  forgivenAt?: Date | string | null;
  /** The class's taken reformers, comma-separated ids (NULL: none, or no class row yet). */
  takenSpots?: string | null;
  /** Only in SLOTS_WITH_ONE_SQL: the caller's late-promotion grace, if any. */
  cancelGraceUntil?: Date | string | null;
  /** Only in SLOTS_WITH_ONE_SQL: the cancellation window the caller's place was sold with. */
  cancelHours?: number | string | null;
  scheduleId: number;
  scheduleTime: string;
  scheduleCapacity: number;
  scheduleInstructor: string | null;
  scheduleInstructorId: number | string | null;
  /** 1/0 (or true/false) as the driver gives it; NULL without a class row. */
  substitute?: number | string | boolean | null;
  durationMinutes: number;
  classId: number | null;
  classTime: string | null;
  classCapacity: number | null;
  reservedCount: number | null;
  waitingCount: number | null;
  status: string | null;
  classInstructor: string | null;
  classInstructorId: number | string | null;
  /** The photo key of the slot's instructor (the class row's, else the timetable's), by primary key. */
  instructorPhoto?: string | null;
  classTypeId: number | string;
  classTypeName: string;
  classTypeLevel: string;
  classTypeColour: string;
}

/** A live reformer of the room on a date. */
export interface RoomSpot {
  id: number;
  label: string;
  row: number;
  column: number;
  outOfService: boolean;
}

/** The room on a date: its live reformers (front row first) and how many are in service. */
export interface RoomOn {
  spots: RoomSpot[];
  inService: number;
}

/** ROOM_ON_SQL's rows as the room: one entry per reformer, out of service when any range covers the date. */
export function toRoomOn(rows: RoomRow[]): RoomOn {
  const spots: RoomSpot[] = [];
  const byId = new Map<number, RoomSpot>();
  for (const row of rows) {
    const id = Number(row.id);
    const outOfService = row.outageId !== null && row.outageId !== undefined;
    const known = byId.get(id);
    if (known) {
      known.outOfService ||= outOfService;
      continue;
    }
    const spot = { id, label: row.label, row: Number(row.gridRow), column: Number(row.gridColumn), outOfService };
    byId.set(id, spot);
    spots.push(spot);
  }
  return { spots, inService: spots.reduce((n, spot) => (spot.outOfService ? n : n + 1), 0) };
}

/** The ids in a `takenSpots` column (text, or a Buffer where MySQL types GROUP_CONCAT as binary). */
export function takenSpotIds(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  const text = String(value);
  return text === '' ? [] : text.split(',').map(Number);
}

/** A timetable class on one date, whether or not its class_sessions row exists yet. */
export interface Slot {
  scheduleId: number;
  classId: number | null;
  date: string;
  startTime: string;
  durationMinutes: number;
  capacity: number;
  reservedCount: number;
  /** Clients in the class's waitlist. */
  waitingCount: number;
  cancelled: boolean;
  /** The instructor's profile (class row's, else the timetable's) and its name. */
  instructorId: number | null;
  instructor: string | null;
  /** A substitute teaches this date (the class row's instructor is not the timetable's). */
  substitute: boolean;
  /** That instructor's photo key (instructor-photos.ts in instructors), null without one. */
  instructorPhoto: string | null;
  /** The reformers taken in the class (none while it has no row). */
  takenSpotIds: number[];
  /** The timetable entry's class type. */
  classType: SlotClassType;
}

/** A class's type as the day view shows it (`level`: basico, intermedio, avanzado or prenatal). */
export interface SlotClassType {
  id: number;
  name: string;
  level: string;
  colour: string;
}

/** An INT read by a raw query (a number or numeric text per driver), NULL kept. */
export const toNullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** A BOOLEAN read by a raw query: 1/0 (or '1'/'0', true/false) per driver, NULL kept. */
export const toNullableBoolean = (value: unknown): boolean | null =>
  value === null || value === undefined ? null : Boolean(Number(value));

/** A slots query's row as its class on the date (the app's and the bench reference's one mapping). */
export function toSlot(date: string, row: SlotRow): Slot {
  const hasClass = row.classId !== null && row.classId !== undefined;
  return {
    scheduleId: Number(row.scheduleId),
    classId: hasClass ? Number(row.classId) : null,
    date,
    startTime: (hasClass ? row.classTime : row.scheduleTime) ?? row.scheduleTime,
    durationMinutes: Number(row.durationMinutes),
    capacity: Number(hasClass ? row.classCapacity : row.scheduleCapacity),
    reservedCount: hasClass ? Number(row.reservedCount) : 0,
    waitingCount: hasClass ? Number(row.waitingCount ?? 0) : 0,
    cancelled: row.status === 'cancelled',
    instructorId: toNullableNumber(hasClass ? row.classInstructorId : row.scheduleInstructorId),
    instructor: hasClass ? row.classInstructor : row.scheduleInstructor,
    substitute: hasClass && toNullableBoolean(row.substitute ?? null) === true,
    instructorPhoto: row.instructorPhoto ?? null,
    takenSpotIds: takenSpotIds(row.takenSpots),
    classType: {
      id: Number(row.classTypeId),
      name: row.classTypeName,
      level: row.classTypeLevel,
      colour: row.classTypeColour,
    },
  };
}
