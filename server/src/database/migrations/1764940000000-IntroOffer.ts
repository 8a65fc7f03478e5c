import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The intro offer ("Solo primera vez"): plans.intro marks a catalogue plan only first-timers may
 * buy; intro_claims holds one intro purchase per person (unique account, email and phone keys);
 * intro_followups claims the one mail sent the day after an intro class was attended.
 */
export class IntroOffer1764940000000 implements MigrationInterface {
  name = 'IntroOffer1764940000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE plans ADD COLUMN intro boolean NOT NULL DEFAULT 0');
    await queryRunner.createTable(
      new Table({
        name: 'intro_claims',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'payment_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'email_key', type: 'varchar', length: '254' },
          { name: 'phone_key', type: 'varchar', length: '30', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_intro_claims_payment', columnNames: ['payment_id'], isUnique: true },
          { name: 'uq_intro_claims_user', columnNames: ['user_id'], isUnique: true },
          { name: 'uq_intro_claims_email', columnNames: ['email_key'], isUnique: true },
          { name: 'uq_intro_claims_phone', columnNames: ['phone_key'], isUnique: true },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'intro_followups',
        columns: [
          { name: 'user_plan_id', type: 'integer', isPrimary: true },
          { name: 'sent_at', type: 'datetime' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('intro_followups');
    await queryRunner.dropTable('intro_claims');
    await queryRunner.query('ALTER TABLE plans DROP COLUMN intro');
  }
}
