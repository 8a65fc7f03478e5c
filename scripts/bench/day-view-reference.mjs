// The limit reference of the day view (`npm run bench`): a bare Fastify server doing the work of
// get-information for a logged-in client and nothing else — the session cookie's JWT checked with a
// KeyObject, the caller's user and session row, the settings' version, the same slots SQL, the same JSON — on the database
// the app uses. Run as its own process (node scripts/bench/day-view-reference.mjs) with REF_SQLITE
// (the app's SQLite file) or REF_MYSQL_URL, JWT_SECRET and STUDIO_TZ; prints `listening <port>`.
// The SQL and the JSON mapping are the built server's own (server/dist), so the two cannot drift.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import { createPool } from 'mysql2';
import { Buffer } from 'node:buffer';
import { createSecretKey } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { canCancelAt, cancelDeadline, isoWeekday, studioInstant } = require('@pilates/dates');
const {
  LIVE_HOLDS_ON_SQL,
  ROOM_ON_SQL,
  SLOTS_WITH_ONE_SQL,
  toRoomOn,
  toSlot,
} = require('../../server/dist/reservations/slots.sql.js');
const { SESSION_USER_SQL } = require('../../server/dist/core/auth/session-user.sql.js');
const { toSlotDto } = require('../../server/dist/reservations/dto/reservations.mappers.js');
const { fromDbDatetime } = require('../../server/dist/core/database/column-types.js');

const key = createSecretKey(Buffer.from(process.env.JWT_SECRET, 'utf8'));
const timeZone = process.env.STUDIO_TZ ?? 'America/Mexico_City';
// The cancellation window in force (the owner's Ajustes): the day view states each class's deadline.
// Read as the app reads it: the settings row's version on every request, the values when it moved.
const VERSION_SQL = 'SELECT version FROM studio_settings WHERE id = ?';
const SETTINGS_SQL = 'SELECT version, settings FROM studio_settings WHERE id = ?';
let settings = { version: -1, cancelHours: 12 };
async function cancelHoursInForce() {
  const [head] = await all(VERSION_SQL, [1]);
  if (Number(head.version) !== settings.version) {
    const [row] = await all(SETTINGS_SQL, [1]);
    settings = { version: Number(row.version), cancelHours: JSON.parse(row.settings).cancelHours };
  }
  return settings.cancelHours;
}

let all;
if (process.env.REF_SQLITE) {
  const db = new Database(process.env.REF_SQLITE, { fileMustExist: true, timeout: 5000 });
  const statements = new Map();
  all = async (sql, params) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement.all(...params);
  };
} else {
  const pool = createPool({
    uri: process.env.REF_MYSQL_URL,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    dateStrings: ['DATE'],
    connectionLimit: 20,
  });
  all = (sql, params) =>
    new Promise((resolve, reject) => pool.query(sql, params, (error, rows) => (error ? reject(error) : resolve(rows))));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const cookieValue = (header, name) => {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
};

const app = Fastify({ logger: false });
app.post('/day', async (request, reply) => {
  const date = request.body?.date;
  if (typeof date !== 'string' || !DATE.test(date)) return reply.code(400).send({ success: false });
  const token = cookieValue(request.headers.cookie, 'session');
  let payload;
  try {
    payload = jwt.verify(token, key, { algorithms: ['HS256'] });
  } catch {
    return reply.code(401).send({ success: false });
  }
  const [row] = await all(SESSION_USER_SQL, [payload.sid, payload.sub]);
  if (!row || Number(row.active) !== 1 || Number(row.session_version) !== payload.sv) {
    return reply.code(401).send({ success: false });
  }
  const userId = Number(row.id);
  // The class list, the room that day (its reformers, out of service or not) and the reformers
  // checkouts hold (none in the bench's day), as the app reads them.
  const [cancelHours, rows, roomRows, holds] = await Promise.all([
    cancelHoursInForce(),
    all(SLOTS_WITH_ONE_SQL, [date, userId, isoWeekday(date)]),
    all(ROOM_ON_SQL, [date, date]),
    all(LIVE_HOLDS_ON_SQL, [date, new Date().toISOString().slice(0, 19).replace('T', ' ')]),
  ]);
  if (holds.length > 0) throw new Error('the bench holds no reformer');
  const room = toRoomOn(roomRows);
  const now = Date.now();
  const bySchedule = new Map();
  for (const r of rows) {
    const id = Number(r.scheduleId);
    let slot = bySchedule.get(id);
    if (!slot) {
      // The app's own row mapping (toSlot), people added in place as the app adds them.
      slot = toSlot(date, r);
      slot.people = [];
      bySchedule.set(id, slot);
    }
    if (r.reservationId !== null) {
      slot.people.push({
        reservationId: Number(r.reservationId),
        id: Number(r.userId),
        name: r.userName,
        email: r.userEmail,
        cancelGraceUntil: fromDbDatetime(r.cancelGraceUntil),
        cancelHours: r.cancelHours === null || r.cancelHours === undefined ? null : Number(r.cancelHours),
        spotId: r.spotId === null ? null : Number(r.spotId),
        spotLabel: null,
      });
    }
  }
  const data = [...bySchedule.values()]
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.scheduleId - b.scheduleId)
    .map((slot) => {
      // The app's rule (libs/dates): the deadline, with the caller's own window (stamped when sold)
      // and late-promotion grace.
      const start = studioInstant(date, slot.startTime, timeZone);
      const own = slot.people.find((p) => p.id === userId);
      const deadline = cancelDeadline(start, own?.cancelHours ?? cancelHours, own?.cancelGraceUntil ?? null);
      const isPast = now >= start.getTime();
      const timing = {
        isPast,
        deadline,
        // The deadline's ISO text, written for every class (the app remembers it per class).
        cancelUntil: deadline.toISOString(),
        cancellable: !isPast && canCancelAt(new Date(now), deadline),
      };
      return toSlotDto(slot, slot.people, userId, timing, room);
    });
  return { success: true, date, data };
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
