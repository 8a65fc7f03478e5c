import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Memberships' rules (issue 38): a membership's dated pauses (membership_pauses; each extends the
 * paid period by its days, memberships.extra_days), the day a cancellation takes effect
 * (cancels_on), a refunded charge (membership_charges.refunded_at), and the index that finds the
 * membership behind a client's plan (booking by the week).
 */
export class MembershipRules1764969000000 implements MigrationInterface {
  name = 'MembershipRules1764969000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query('ALTER TABLE memberships ADD COLUMN extra_days integer NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE memberships ADD COLUMN cancels_on date NULL');
    await queryRunner.query('ALTER TABLE membership_charges ADD COLUMN refunded_at datetime NULL');
    await queryRunner.createIndex(
      'memberships',
      new TableIndex({ name: 'ix_memberships_user_plan', columnNames: ['user_plan_id'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'membership_pauses',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'membership_id', type: 'integer' },
          { name: 'from_date', type: 'date' },
          { name: 'to_date', type: 'date' },
          { name: 'days', type: 'integer' },
          { name: 'provider_paused_at', type: 'datetime', isNullable: true },
          { name: 'provider_resumed_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [{ name: 'ix_membership_pauses_membership', columnNames: ['membership_id', 'from_date'] }],
        checks: [{ name: 'ck_membership_pauses_dates', expression: 'to_date >= from_date AND days > 0' }],
        foreignKeys: [
          {
            name: 'fk_membership_pauses_membership_id',
            columnNames: ['membership_id'],
            referencedTableName: 'memberships',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('membership_pauses');
    if (['mysql', 'mariadb'].includes(queryRunner.connection.options.type)) {
      // MySQL keeps the index for fk_memberships_user_plan_id: the foreign key goes while it is
      // dropped, and comes back with the index MySQL makes for it.
      await queryRunner.query('ALTER TABLE memberships DROP FOREIGN KEY fk_memberships_user_plan_id');
      await queryRunner.query('DROP INDEX ix_memberships_user_plan ON memberships');
      await queryRunner.query(
        'ALTER TABLE memberships ADD CONSTRAINT fk_memberships_user_plan_id FOREIGN KEY (user_plan_id) REFERENCES user_plans (id) ON DELETE SET NULL ON UPDATE NO ACTION',
      );
    } else {
      await queryRunner.dropIndex('memberships', 'ix_memberships_user_plan');
    }
    await queryRunner.query('ALTER TABLE membership_charges DROP COLUMN refunded_at');
    await queryRunner.query('ALTER TABLE memberships DROP COLUMN cancels_on');
    await queryRunner.query('ALTER TABLE memberships DROP COLUMN extra_days');
  }
}
