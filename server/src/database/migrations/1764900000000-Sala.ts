import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { firstRoomLayout, FIRST_ROOM_NAME } from '../../sala/entities';

/**
 * The studio's room: its reformers (spots) on a grid and where the instructor stands; every new
 * reservation names its reformer, and a client may keep a favourite one.
 * - uq_reservations_spot (class, spot, active marker): the database refuses two active reservations
 *   on one reformer of one class (cancelled rows have a NULL marker, older rows a NULL spot).
 * - uq_spots_cell / uq_spots_label: two live reformers never share a cell or a label.
 * An existing studio gets one room with as many reformers as its largest active class, and the
 * reservations of classes still to come are placed on them in booking order. A new database has no
 * timetable yet: the first-start seed draws the room then (database/seed.service.ts).
 */
export class Sala1764900000000 implements MigrationInterface {
  name = 'Sala1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'rooms',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'name', type: 'varchar', length: '60' },
          { name: 'instructor_row', type: 'integer' },
          { name: 'instructor_column', type: 'integer' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'spots',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'room_id', type: 'integer' },
          { name: 'label', type: 'varchar', length: '40' },
          { name: 'grid_row', type: 'integer' },
          { name: 'grid_column', type: 'integer' },
          { name: 'retired_at', type: 'datetime', isNullable: true },
          { name: 'active_marker', type: 'integer', isNullable: true, default: 1 },
        ],
        indices: [
          {
            name: 'uq_spots_cell',
            columnNames: ['room_id', 'grid_row', 'grid_column', 'active_marker'],
            isUnique: true,
          },
          { name: 'uq_spots_label', columnNames: ['room_id', 'label', 'active_marker'], isUnique: true },
        ],
        foreignKeys: [foreignKey('fk_spots_room_id', 'room_id', 'rooms', 'RESTRICT')],
      }),
    );

    // Plain ADD COLUMN on both; the keys through TypeORM's runner (on SQLite it rebuilds the table
    // with them). Each only when missing: an undo on SQLite leaves the columns (see down).
    await addKeyColumn(
      queryRunner,
      'reservations',
      'spot_id',
      foreignKey('fk_reservations_spot_id', 'spot_id', 'spots', 'RESTRICT'),
    );
    await queryRunner.createIndex(
      'reservations',
      new TableIndex({
        name: 'uq_reservations_spot',
        columnNames: ['class_session_id', 'spot_id', 'active_marker'],
        isUnique: true,
      }),
    );
    await addKeyColumn(
      queryRunner,
      'users',
      'favourite_spot_id',
      foreignKey('fk_users_favourite_spot_id', 'favourite_spot_id', 'spots', 'SET NULL'),
    );

    await drawExistingStudio(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await withForeignKeysOff(queryRunner, async () => {
      await queryRunner.dropIndex('reservations', 'uq_reservations_spot');
      await queryRunner.dropForeignKey('users', 'fk_users_favourite_spot_id');
      await queryRunner.query('ALTER TABLE users DROP COLUMN favourite_spot_id');
      await queryRunner.dropForeignKey('reservations', 'fk_reservations_spot_id');
      await queryRunner.query('ALTER TABLE reservations DROP COLUMN spot_id');
      await queryRunner.getTable('reservations');
      await queryRunner.dropTable('spots');
      await queryRunner.dropTable('rooms');
    });
  }
}

/**
 * SQLite drops a foreign key by rebuilding its table, and rebuilding `users` or `reservations` with
 * foreign keys on breaks every row pointing at them. Running migrations turns them off (TypeORM's
 * beforeMigration); undoing one does not, and SQLite ignores the pragma inside a transaction. So the
 * undo, first in its transaction, ends it on the driver's handle, turns the keys off for its own,
 * and hands TypeORM a fresh transaction for the bookkeeping after (the connection's lock stays
 * with the caller: sqlite-serializer.ts).
 */
async function withForeignKeysOff(queryRunner: QueryRunner, work: () => Promise<void>): Promise<void> {
  if (queryRunner.connection.options.type !== 'better-sqlite3' || !queryRunner.isTransactionActive) return work();
  const handle = (await queryRunner.connect()) as { exec(sql: string): void };
  handle.exec('COMMIT');
  handle.exec('PRAGMA foreign_keys = OFF');
  handle.exec('BEGIN');
  try {
    await work();
    handle.exec('COMMIT');
  } catch (error) {
    handle.exec('ROLLBACK');
    throw error;
  } finally {
    handle.exec('PRAGMA foreign_keys = ON');
    handle.exec('BEGIN');
  }
}

/** A nullable integer column with its foreign key, each added unless the table has it already. */
async function addKeyColumn(queryRunner: QueryRunner, table: string, column: string, key: TableForeignKey) {
  if (!(await queryRunner.getTable(table))!.findColumnByName(column)) {
    await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN ${column} integer NULL`);
  }
  const current = await queryRunner.getTable(table);
  if (!current!.foreignKeys.some((existing) => existing.name === key.name)) {
    await queryRunner.createForeignKey(current!, key);
  }
}

const foreignKey = (name: string, column: string, table: string, onDelete: 'RESTRICT' | 'SET NULL'): TableForeignKey =>
  new TableForeignKey({
    name,
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete,
    onUpdate: 'NO ACTION',
  });

/**
 * An existing studio's room: one reformer per place of its largest active class, and the active
 * reservations of classes from yesterday on (a margin for the studio's zone) placed on them, each
 * class's in booking order. None on a new database: the seed draws it after the timetable.
 */
async function drawExistingStudio(queryRunner: QueryRunner): Promise<void> {
  const [largest] = await queryRunner.query('SELECT MAX(capacity) AS largest FROM schedules WHERE active = 1');
  const count = Number(largest?.largest ?? 0);
  if (count <= 0) return;
  const layout = firstRoomLayout(count);
  await queryRunner.query('INSERT INTO rooms (name, instructor_row, instructor_column) VALUES (?, ?, ?)', [
    FIRST_ROOM_NAME,
    layout.instructor.row,
    layout.instructor.column,
  ]);
  const [room] = await queryRunner.query('SELECT MAX(id) AS id FROM rooms');
  for (const spot of layout.spots) {
    await queryRunner.query('INSERT INTO spots (room_id, label, grid_row, grid_column) VALUES (?, ?, ?, ?)', [
      room.id,
      spot.label,
      spot.row,
      spot.column,
    ]);
  }
  const spotIds = (
    (await queryRunner.query('SELECT id FROM spots ORDER BY grid_row, grid_column')) as { id: unknown }[]
  ).map((row) => Number(row.id));
  const since = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
  const rows: { id: unknown; classId: unknown }[] = await queryRunner.query(
    `SELECT r.id AS id, r.class_session_id AS classId FROM reservations r
       JOIN class_sessions c ON c.id = r.class_session_id
      WHERE r.status = 'active' AND c.date >= ? ORDER BY r.class_session_id, r.id`,
    [since],
  );
  const placed = new Map<number, number>();
  for (const row of rows) {
    const classId = Number(row.classId);
    const index = placed.get(classId) ?? 0;
    placed.set(classId, index + 1);
    // A class booked beyond the room (a larger inactive class) keeps its extra places without a reformer.
    if (index >= spotIds.length) continue;
    await queryRunner.query('UPDATE reservations SET spot_id = ? WHERE id = ?', [spotIds[index], Number(row.id)]);
  }
}
