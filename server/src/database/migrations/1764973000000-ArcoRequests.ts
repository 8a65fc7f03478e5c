import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Clients' data rights, ARCO requests: anyone's request to access, rectify, cancel or oppose the use
 * of their data, with its folio (year and sequence, unique), its 20-business-day deadline and the
 * studio's answer. The account, when there was one, is linked; deleting it keeps the request.
 */
export class ArcoRequests1764973000000 implements MigrationInterface {
  name = 'ArcoRequests1764973000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'arco_requests',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'folio', type: 'varchar', length: '20' },
          { name: 'folio_year', type: 'integer' },
          { name: 'folio_sequence', type: 'integer' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'arco_right', type: 'varchar', length: '16' },
          { name: 'detail', type: 'text' },
          { name: 'user_id', type: 'integer', isNullable: true },
          { name: 'received_at', type: 'datetime' },
          { name: 'due_date', type: 'date' },
          { name: 'status', type: 'varchar', length: '12' },
          { name: 'answered_at', type: 'datetime', isNullable: true },
          { name: 'response_note', type: 'text', isNullable: true },
          { name: 'ip_address', type: 'varchar', length: '45' },
        ],
        indices: [
          { name: 'uq_arco_requests_folio', columnNames: ['folio'], isUnique: true },
          { name: 'uq_arco_requests_sequence', columnNames: ['folio_year', 'folio_sequence'], isUnique: true },
          { name: 'ix_arco_requests_status_due', columnNames: ['status', 'due_date'] },
          { name: 'ix_arco_requests_user', columnNames: ['user_id'] },
        ],
        checks: [
          {
            name: 'ck_arco_requests_right',
            expression: "arco_right IN ('acceso', 'rectificacion', 'cancelacion', 'oposicion')",
          },
          {
            name: 'ck_arco_requests_status',
            expression: "status IN ('recibida', 'en_proceso', 'respondida', 'rechazada')",
          },
        ],
        foreignKeys: [
          {
            name: 'fk_arco_requests_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('arco_requests');
  }
}
