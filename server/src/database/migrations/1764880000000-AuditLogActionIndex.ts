import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The audit log filtered by action ("Auditoría"'s action filter): its entries through an index
 * that holds the row id, so a page of one action comes newest first without reading the others.
 */
export class AuditLogActionIndex1764880000000 implements MigrationInterface {
  name = 'AuditLogActionIndex1764880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'audit_log',
      new TableIndex({ name: 'ix_audit_log_action', columnNames: ['action'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('audit_log', 'ix_audit_log_action');
  }
}
