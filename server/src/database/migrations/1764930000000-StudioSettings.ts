import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The owner's settings ("Ajustes", core/settings/studio-settings.entity.ts): one JSON row with a
 * version. The first start writes the environment's values into it (StudioSettingsService).
 */
export class StudioSettings1764930000000 implements MigrationInterface {
  name = 'StudioSettings1764930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'studio_settings',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'version', type: 'integer' },
          { name: 'settings', type: 'text' },
          { name: 'updated_by', type: 'integer', isNullable: true },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('studio_settings');
  }
}
