/**
 * Each user's classes attended and no-shows, stored on their row (users.attended_count,
 * users.no_show_count): Usuarios and Mis clases show them, and summing a five-year client's
 * history on every page cost Usuarios a fifth of its speed. ReservationsRepository changes them in
 * the statement's transaction whenever a mark is set or changed, or a marked reservation is
 * cancelled; whatever writes reservations around the app (a seed, a test) sets them again with
 * `recountAttendanceSql`.
 */
const countOf = (attended: 0 | 1) =>
  `(SELECT COUNT(*) FROM reservations r WHERE r.user_id = users.id AND r.status = 'active' AND r.attended = ${attended})`;

/** Sets every user's attendance counters from their active reservations (both drivers). */
export const recountAttendanceSql = `UPDATE users SET attended_count = ${countOf(1)}, no_show_count = ${countOf(0)}`;
