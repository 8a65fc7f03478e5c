import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * reservations.forgive_returned: whether forgiving a late release or a no-show ("Perdonar") gave
 * its class back to the plan (false when the plan had ended). The row says it, so answering a
 * second forgive and a plan's "Historial" read no audit entry. Rows forgiven before it take the
 * outcome their audit entry recorded.
 */
export class ForgiveReturned1764933000000 implements MigrationInterface {
  name = 'ForgiveReturned1764933000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN forgive_returned boolean NULL');
    // JSON as the app writes it ({"classReturned":true}), or as a server may normalise it.
    await queryRunner.query(
      `UPDATE reservations SET forgive_returned = CASE WHEN EXISTS (
         SELECT 1 FROM audit_log a
          WHERE a.action = 'reservation.forgive' AND a.entity_type = 'reservation'
            AND a.entity_id = CAST(reservations.id AS CHAR)
            AND (a.\`after\` LIKE '%"classReturned":true%' OR a.\`after\` LIKE '%"classReturned": true%')
       ) THEN 1 ELSE 0 END
       WHERE forgiven_at IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN forgive_returned');
  }
}
