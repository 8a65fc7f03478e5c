/**
 * Classes attended and no-shows, stored on each user's row (users.attended_count,
 * users.no_show_count) and on each class's (class_sessions.attended_count, no_show_count):
 * Usuarios and Mis clases show a client's, the owner's dashboard sums a period's classes. Summing a
 * five-year client's history on every page cost Usuarios a fifth of its speed; joining a year's
 * reservations was the dashboard's costliest read. ReservationsRepository changes both in the
 * statement's transaction whenever a mark is set or changed, or a marked reservation is cancelled;
 * whatever writes reservations around the app (a seed, a test) sets them again with
 * `recountAttendanceSql` and `recountClassAttendanceSql`.
 */
const countOf = (key: string, table: string, attended: 0 | 1) =>
  `(SELECT COUNT(*) FROM reservations r WHERE r.${key} = ${table}.id AND r.status = 'active' AND r.attended = ${attended})`;

/** Sets every user's attendance counters from their active reservations (both drivers). */
export const recountAttendanceSql = `UPDATE users SET attended_count = ${countOf('user_id', 'users', 1)}, no_show_count = ${countOf('user_id', 'users', 0)}`;

/** Sets every class's attendance counters from its active reservations (both drivers). */
export const recountClassAttendanceSql = `UPDATE class_sessions SET attended_count = ${countOf('class_session_id', 'class_sessions', 1)}, no_show_count = ${countOf('class_session_id', 'class_sessions', 0)}`;
