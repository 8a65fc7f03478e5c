import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Failed logins per email, for the lock after 5 failures in 15 minutes. */
export class LoginFailures1763900000000 implements MigrationInterface {
  name = 'LoginFailures1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'login_failures',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [{ name: 'ix_login_failures_email_created', columnNames: ['email', 'created_at'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('login_failures');
  }
}
