import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * WhatsApp notices: clients' consents (whatsapp_consents, one row per opt-in, so the history
 * stays), the messages sent with their delivery state (whatsapp_messages), and Meta's signed
 * webhook posts as they came (whatsapp_webhook_events). Their deliveries are the outbox's own
 * rows, on the channel 'whatsapp'.
 */
export class WhatsAppNotices1764964000000 implements MigrationInterface {
  name = 'WhatsAppNotices1764964000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'whatsapp_consents',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'phone', type: 'varchar', length: '16' },
          { name: 'text_version', type: 'integer' },
          { name: 'source', type: 'varchar', length: '20' },
          { name: 'consented_at', type: 'datetime' },
          { name: 'withdrawn_at', type: 'datetime', isNullable: true },
          { name: 'withdrawn_via', type: 'varchar', length: '20', isNullable: true },
          { name: 'active_marker', type: 'integer', isNullable: true, default: 1 },
        ],
        indices: [
          { name: 'uq_whatsapp_consents_active', columnNames: ['user_id', 'active_marker'], isUnique: true },
          { name: 'ix_whatsapp_consents_phone', columnNames: ['phone', 'active_marker'] },
        ],
        checks: [
          {
            name: 'ck_whatsapp_consents_marker',
            expression:
              '(withdrawn_at IS NULL AND active_marker = 1) OR (withdrawn_at IS NOT NULL AND active_marker IS NULL)',
          },
        ],
        foreignKeys: [
          {
            name: 'fk_whatsapp_consents_user',
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
        name: 'whatsapp_messages',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'delivery_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'phone', type: 'varchar', length: '16' },
          { name: 'template', type: 'varchar', length: '40' },
          { name: 'wa_message_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'status', type: 'varchar', length: '12' },
          { name: 'error_code', type: 'integer', isNullable: true },
          { name: 'error_title', type: 'varchar', length: '200', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          // Stamped on UPDATE by MySQL, as @UpdateDateColumn describes it (SQLite ignores it).
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_whatsapp_messages_delivery', columnNames: ['delivery_id'], isUnique: true },
          { name: 'uq_whatsapp_messages_wamid', columnNames: ['wa_message_id'], isUnique: true },
          { name: 'ix_whatsapp_messages_user', columnNames: ['user_id', 'id'] },
          { name: 'ix_whatsapp_messages_created', columnNames: ['created_at', 'status'] },
        ],
        checks: [
          {
            name: 'ck_whatsapp_messages_status',
            expression: "status IN ('accepted', 'sent', 'delivered', 'read', 'failed')",
          },
        ],
        foreignKeys: [
          {
            name: 'fk_whatsapp_messages_delivery',
            columnNames: ['delivery_id'],
            referencedTableName: 'notification_deliveries',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'fk_whatsapp_messages_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'whatsapp_webhook_events',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'body_hash', type: 'varchar', length: '64' },
          { name: 'body', type: 'text' },
          { name: 'processed_at', type: 'datetime', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [{ name: 'uq_whatsapp_webhook_events_hash', columnNames: ['body_hash'], isUnique: true }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('whatsapp_webhook_events');
    await queryRunner.dropTable('whatsapp_messages');
    await queryRunner.dropTable('whatsapp_consents');
  }
}
