/**
 * The row of `row_counts` (core's RowCount) that holds how many users there are: Usuarios' first
 * page shows the exact total, and InnoDB counts rows one by one (a COUNT(*) over five years of
 * clients cost that page a sixth of its speed). UsersRepository keeps it in the transaction that
 * inserts each user; whatever writes users around the app (a seed, a test) sets it again with
 * `recountUsersSql`.
 */
export const USERS_COUNT = 'users';

/** Sets the users' row of row_counts from the rows of users (both drivers). */
export const recountUsersSql = `UPDATE row_counts SET total = (SELECT COUNT(*) FROM users) WHERE name = '${USERS_COUNT}'`;
