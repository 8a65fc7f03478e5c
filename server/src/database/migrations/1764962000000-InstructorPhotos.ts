import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An instructor's profile photo: instructors.photo, the key of its files under
 * DATA_DIR/photos/instructors (`<id>-<content hash>`, each size and format `<key>-<size>.<ext>`);
 * NULL without a photo.
 */
export class InstructorPhotos1764962000000 implements MigrationInterface {
  name = 'InstructorPhotos1764962000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's constraints.
    await queryRunner.query('ALTER TABLE instructors ADD COLUMN photo varchar(40) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE instructors DROP COLUMN photo');
  }
}
