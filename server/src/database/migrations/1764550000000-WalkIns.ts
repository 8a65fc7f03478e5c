import { MigrationInterface, QueryRunner, TableCheck, TableColumn } from 'typeorm';

const CHECK_NAME = 'ck_reservations_plan_or_studio';
const CHECK_EXPRESSION =
  '(user_plan_id IS NOT NULL AND paid_at_studio = 0) OR (user_plan_id IS NULL AND paid_at_studio = 1)';

/**
 * Walk-ins paid at the studio: a reservation may have no plan (`user_plan_id` NULL), and then says
 * so with `paid_at_studio` = 1. The CHECK keeps the two in step: a plan, or paid at the studio.
 */
// The drift check runs the migrations as TypeORM's 'mariadb' type on MariaDB; the app as 'mysql'.
const isMysqlFamily = (queryRunner: QueryRunner) => ['mysql', 'mariadb'].includes(queryRunner.connection.options.type);

export class WalkIns1764550000000 implements MigrationInterface {
  name = 'WalkIns1764550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN paid_at_studio boolean NOT NULL DEFAULT 0');
    if (isMysqlFamily(queryRunner)) {
      // A plain MODIFY: TypeORM's changeColumn may drop and re-add a column it reads differently.
      await queryRunner.query('ALTER TABLE reservations MODIFY user_plan_id int NULL');
      await queryRunner.query(`ALTER TABLE reservations ADD CONSTRAINT ${CHECK_NAME} CHECK (${CHECK_EXPRESSION})`);
      return;
    }
    // SQLite cannot relax NOT NULL or add a CHECK in place: TypeORM rebuilds the table, keeping its
    // indices, foreign keys and CHECKs (foreign keys are off while migrations run).
    await queryRunner.changeColumn(
      'reservations',
      'user_plan_id',
      new TableColumn({ name: 'user_plan_id', type: 'int', isNullable: true }),
    );
    await queryRunner.createCheckConstraint(
      'reservations',
      new TableCheck({ name: CHECK_NAME, expression: CHECK_EXPRESSION }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (isMysqlFamily(queryRunner)) {
      await queryRunner.query(`ALTER TABLE reservations DROP CONSTRAINT ${CHECK_NAME}`);
      await queryRunner.query('ALTER TABLE reservations MODIFY user_plan_id int NOT NULL');
    } else {
      await queryRunner.dropCheckConstraint('reservations', CHECK_NAME);
      await queryRunner.changeColumn(
        'reservations',
        'user_plan_id',
        new TableColumn({ name: 'user_plan_id', type: 'int', isNullable: false }),
      );
    }
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN paid_at_studio');
  }
}
