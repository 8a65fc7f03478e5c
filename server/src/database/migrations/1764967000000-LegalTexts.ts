import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Clients' data rights, first part: the versioned legal texts (legal_documents), who accepted which
 * version, when and from where (legal_consents), and the opt-in to promotions (marketing_consents,
 * one row per opt-in so the history stays, like whatsapp_consents).
 */
export class LegalTexts1764967000000 implements MigrationInterface {
  name = 'LegalTexts1764967000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'legal_documents',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'kind', type: 'varchar', length: '12' },
          { name: 'version', type: 'integer' },
          { name: 'published_at', type: 'datetime' },
          { name: 'summary', type: 'varchar', length: '500' },
          { name: 'text', type: 'text' },
        ],
        indices: [{ name: 'uq_legal_documents_version', columnNames: ['kind', 'version'], isUnique: true }],
        checks: [
          { name: 'ck_legal_documents_kind', expression: "kind IN ('terminos', 'privacidad', 'aviso-corto')" },
          { name: 'ck_legal_documents_version', expression: 'version > 0' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'legal_consents',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '12' },
          { name: 'version', type: 'integer' },
          { name: 'accepted_at', type: 'datetime' },
          { name: 'ip_address', type: 'varchar', length: '45' },
          { name: 'source', type: 'varchar', length: '20' },
        ],
        indices: [{ name: 'uq_legal_consents_version', columnNames: ['user_id', 'kind', 'version'], isUnique: true }],
        checks: [{ name: 'ck_legal_consents_kind', expression: "kind IN ('terminos', 'privacidad')" }],
        foreignKeys: [
          {
            name: 'fk_legal_consents_user',
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
        name: 'marketing_consents',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'consented_at', type: 'datetime' },
          { name: 'ip_address', type: 'varchar', length: '45' },
          { name: 'withdrawn_at', type: 'datetime', isNullable: true },
          { name: 'active_marker', type: 'integer', isNullable: true, default: 1 },
        ],
        indices: [{ name: 'uq_marketing_consents_active', columnNames: ['user_id', 'active_marker'], isUnique: true }],
        checks: [
          {
            name: 'ck_marketing_consents_marker',
            expression:
              '(withdrawn_at IS NULL AND active_marker = 1) OR (withdrawn_at IS NOT NULL AND active_marker IS NULL)',
          },
        ],
        foreignKeys: [
          {
            name: 'fk_marketing_consents_user',
            columnNames: ['user_id'],
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
    await queryRunner.dropTable('marketing_consents');
    await queryRunner.dropTable('legal_consents');
    await queryRunner.dropTable('legal_documents');
  }
}
