import { MigrationInterface, QueryRunner, Table } from 'typeorm';

interface QueuedMail {
  id: number | string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attachments: string | null;
  attempts: number | string;
  next_attempt_at: Date | string;
  last_error: string | null;
  created_at: Date | string;
}

/**
 * The notifications outbox: events written in the transaction that causes them, and one delivery
 * per event and channel (unique), claimed before it is sent. The mails still unsent in mail_queue
 * move over as `mail.composed` events (sent as they were written), with their attempts and next
 * attempt kept, and leave mail_queue. The table itself stays for one version, unread: a replica of
 * the previous version still writes to it during a rolling update (README, "Updating"); the next
 * version's migration moves what is left there and drops it.
 */
export class NotificationsOutbox1764800000000 implements MigrationInterface {
  name = 'NotificationsOutbox1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'notification_events',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'type', type: 'varchar', length: '40' },
          { name: 'recipient_user_id', type: 'integer', isNullable: true },
          { name: 'recipient_email', type: 'varchar', length: '254' },
          { name: 'recipient_name', type: 'varchar', length: '120' },
          { name: 'payload', type: 'text' },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [
          {
            name: 'fk_notification_events_user',
            columnNames: ['recipient_user_id'],
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
        name: 'notification_deliveries',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'event_id', type: 'integer' },
          { name: 'channel', type: 'varchar', length: '20' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'next_attempt_at', type: 'datetime' },
          { name: 'claimed_until', type: 'datetime', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'sent_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          // One delivery per event and channel: the same event never goes out twice on a channel.
          { name: 'uq_notification_deliveries_event_channel', columnNames: ['event_id', 'channel'], isUnique: true },
          { name: 'ix_notification_deliveries_due', columnNames: ['sent_at', 'next_attempt_at'] },
        ],
        foreignKeys: [
          {
            name: 'fk_notification_deliveries_event',
            columnNames: ['event_id'],
            referencedTableName: 'notification_events',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );

    // The new tables are empty: each moved mail's event keeps its queue id, so nothing needs
    // reading back across drivers.
    const queued: QueuedMail[] = await queryRunner.query(
      `SELECT id, recipient, subject, html, text, attachments, attempts, next_attempt_at, last_error, created_at
       FROM mail_queue WHERE sent_at IS NULL ORDER BY id`,
    );
    for (const mail of queued) {
      const payload = {
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments ? (JSON.parse(mail.attachments) as unknown) : null,
      };
      await queryRunner.query(
        `INSERT INTO notification_events (id, type, recipient_user_id, recipient_email, recipient_name, payload, created_at)
         VALUES (?, 'mail.composed', NULL, ?, '', ?, ?)`,
        [mail.id, mail.recipient, JSON.stringify(payload), mail.created_at],
      );
      await queryRunner.query(
        `INSERT INTO notification_deliveries (event_id, channel, attempts, next_attempt_at, last_error, created_at)
         VALUES (?, 'email', ?, ?, ?, ?)`,
        [mail.id, mail.attempts, mail.next_attempt_at, mail.last_error, mail.created_at],
      );
    }
    await queryRunner.query('DELETE FROM mail_queue WHERE sent_at IS NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('notification_deliveries');
    await queryRunner.dropTable('notification_events');
  }
}
