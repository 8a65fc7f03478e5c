import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { recountClassAttendanceSql } from '../../reservations/entities';

const FIGURES = ['date', 'status', 'schedule_id', 'start_time', 'capacity', 'reserved_count'];

/**
 * Each class's attendance and no-shows stored on its row (see reservations/attendance-counts.ts),
 * set here from the reservations already marked, then kept by the app; the dashboard's index over
 * a period's classes holds them, so a year's attendance is read from a year's classes.
 */
export class ClassAttendanceCounts1764915000000 implements MigrationInterface {
  name = 'ClassAttendanceCounts1764915000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE class_sessions ADD COLUMN attended_count integer NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE class_sessions ADD COLUMN no_show_count integer NOT NULL DEFAULT 0');
    await queryRunner.query(recountClassAttendanceSql);
    // Built by OwnerTools1764600000000; a database without it (the drift check's) gets it whole here.
    const table = await queryRunner.getTable('class_sessions');
    if (table?.indices.some((index) => index.name === 'ix_class_sessions_date_figures')) {
      await queryRunner.dropIndex('class_sessions', 'ix_class_sessions_date_figures');
    }
    await queryRunner.createIndex(
      'class_sessions',
      new TableIndex({
        name: 'ix_class_sessions_date_figures',
        columnNames: [...FIGURES, 'attended_count', 'no_show_count'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('class_sessions', 'ix_class_sessions_date_figures');
    await queryRunner.createIndex(
      'class_sessions',
      new TableIndex({ name: 'ix_class_sessions_date_figures', columnNames: FIGURES }),
    );
    await queryRunner.query('ALTER TABLE class_sessions DROP COLUMN no_show_count');
    await queryRunner.query('ALTER TABLE class_sessions DROP COLUMN attended_count');
  }
}
