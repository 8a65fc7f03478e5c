import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** The type the migration gives every existing timetable entry: the studio's one class until now. */
const REFORMER = {
  id: 1,
  name: 'Pilates Reformer',
  // Open to every client who booked it so far, beginners included: "Básico" turns nobody away.
  level: 'basico',
  description: 'Clase en reformer para todos los niveles.',
  durationMinutes: 50,
  colour: '#1d4ed8',
};

const createdColumns = [
  { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
  // Stamped on UPDATE by MySQL, as @UpdateDateColumn describes it (SQLite ignores it).
  { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
];

/** A join table of `owner` rows to class types, both keys on delete as named. */
function typeList(name: string, ownerColumn: string, ownerTable: string): Table {
  return new Table({
    name,
    columns: [
      { name: ownerColumn, type: 'integer', isPrimary: true },
      { name: 'class_type_id', type: 'integer', isPrimary: true },
    ],
    indices: [{ name: `ix_${name}_type`, columnNames: ['class_type_id'] }],
    foreignKeys: [
      {
        name: `fk_${name}_${ownerColumn}`,
        columnNames: [ownerColumn],
        referencedTableName: ownerTable,
        referencedColumnNames: ['id'],
        onDelete: 'CASCADE',
        onUpdate: 'NO ACTION',
      },
      {
        name: `fk_${name}_class_type_id`,
        columnNames: ['class_type_id'],
        referencedTableName: 'class_types',
        referencedColumnNames: ['id'],
        onDelete: 'RESTRICT',
        onUpdate: 'NO ACTION',
      },
    ],
  });
}

/**
 * Class types: class_types (name, level, description, duration, colour from a fixed palette),
 * "Pilates Reformer" (id 1) for every existing timetable entry (schedules.class_type_id), and the
 * types a catalogue plan is limited to (plan_class_types) and a sold plan carries from the sale on
 * (user_plan_class_types); no row: every type. schedules.class_type_id has no foreign key, as its
 * instructor_id: types are never deleted; its default 1 is the type this migration inserts first,
 * for rows written around the app.
 */
export class ClassTypes1764963000000 implements MigrationInterface {
  name = 'ClassTypes1764963000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'class_types',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'name', type: 'varchar', length: '40' },
          { name: 'level', type: 'varchar', length: '12' },
          { name: 'description', type: 'varchar', length: '200', default: "''" },
          { name: 'duration_minutes', type: 'integer' },
          { name: 'colour', type: 'varchar', length: '7' },
          { name: 'active', type: 'boolean', default: 1 },
          { name: 'sort_order', type: 'integer', default: 0 },
          ...createdColumns,
        ],
        indices: [{ name: 'uq_class_types_name', columnNames: ['name'], isUnique: true }],
        checks: [
          { name: 'ck_class_types_level', expression: "level IN ('basico', 'intermedio', 'avanzado', 'prenatal')" },
          { name: 'ck_class_types_duration', expression: 'duration_minutes > 0' },
        ],
      }),
    );
    await queryRunner.query(
      `INSERT INTO class_types (id, name, level, description, duration_minutes, colour, active, sort_order)
       VALUES (?, ?, ?, ?, ?, ?, 1, 1)`,
      [REFORMER.id, REFORMER.name, REFORMER.level, REFORMER.description, REFORMER.durationMinutes, REFORMER.colour],
    );
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints;
    // the default gives every existing entry "Pilates Reformer".
    await queryRunner.query(`ALTER TABLE schedules ADD COLUMN class_type_id integer NOT NULL DEFAULT ${REFORMER.id}`);
    await queryRunner.query('CREATE INDEX ix_schedules_class_type ON schedules (class_type_id)');
    await queryRunner.createTable(typeList('plan_class_types', 'plan_id', 'plans'));
    await queryRunner.createTable(typeList('user_plan_class_types', 'user_plan_id', 'user_plans'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('user_plan_class_types');
    await queryRunner.dropTable('plan_class_types');
    await queryRunner.dropIndex('schedules', 'ix_schedules_class_type');
    await queryRunner.query('ALTER TABLE schedules DROP COLUMN class_type_id');
    await queryRunner.dropTable('class_types');
  }
}
