import { Instructor, instructorSlugBase } from '../../src/instructors/entities';
import type { TestApp } from './test-app';

/** An active instructor profile without an account, as "Instructores" adds one. */
export async function instructorNamed(t: TestApp, name: string, values: Partial<Instructor> = {}): Promise<Instructor> {
  const repository = t.dataSource.getRepository(Instructor);
  return repository.save(
    repository.create({
      name,
      slug: instructorSlugBase(name),
      bio: '',
      specialties: [],
      active: true,
      sortOrder: 0,
      userId: null,
      ...values,
    }),
  );
}
