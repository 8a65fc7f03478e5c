import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Clients' data rights, the health questionnaire (issue 40, point 6): one row of answers and an
 * emergency contact per client (sensitive data, with its express consent), and the log of every
 * reading of it by staff. Both go with the account (deleted at its anonymisation).
 */
export class HealthProfiles1764974000000 implements MigrationInterface {
  name = 'HealthProfiles1764974000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'health_profiles',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'has_injuries', type: 'boolean' },
          { name: 'injuries', type: 'varchar', length: '1000', default: "''" },
          { name: 'recent_surgery', type: 'boolean' },
          { name: 'surgery', type: 'varchar', length: '1000', default: "''" },
          { name: 'pregnant', type: 'boolean' },
          { name: 'pregnancy_weeks', type: 'integer', isNullable: true },
          { name: 'heart_or_blood_pressure', type: 'boolean' },
          { name: 'other_conditions', type: 'varchar', length: '1000', default: "''" },
          { name: 'emergency_name', type: 'varchar', length: '120' },
          { name: 'emergency_phone', type: 'varchar', length: '13' },
          { name: 'emergency_relationship', type: 'varchar', length: '60' },
          { name: 'sensitive_consent_at', type: 'datetime' },
          { name: 'sensitive_consent_ip', type: 'varchar', length: '45' },
          { name: 'updated_at', type: 'datetime' },
        ],
        indices: [{ name: 'uq_health_profiles_user', columnNames: ['user_id'], isUnique: true }],
        foreignKeys: [
          {
            name: 'fk_health_profiles_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'health_profile_views',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'viewer_id', type: 'integer' },
          { name: 'viewed_at', type: 'datetime' },
          { name: 'class_id', type: 'integer', isNullable: true },
        ],
        indices: [
          { name: 'ix_health_profile_views_user', columnNames: ['user_id', 'viewed_at'] },
          { name: 'ix_health_profile_views_viewer', columnNames: ['viewer_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_health_profile_views_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'fk_health_profile_views_viewer',
            columnNames: ['viewer_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('health_profile_views');
    await queryRunner.dropTable('health_profiles');
  }
}
