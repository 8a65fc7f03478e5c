import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password-reset links bound to the account as it was when issued (a hash of its email, password
 * hash, session version and active flag): a password or email change or a deactivation ends them.
 */
export class ResetLinkCredentials1764810000000 implements MigrationInterface {
  name = 'ResetLinkCredentials1764810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE password_reset_tokens ADD COLUMN credentials_hash varchar(64) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE password_reset_tokens DROP COLUMN credentials_hash');
  }
}
