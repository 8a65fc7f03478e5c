import type { ClassTypesService } from '../class-types';
import { ClassTypeError, ClassTypeErrorCode } from '../class-types/class-types.errors';
import type { ClassType } from '../class-types/entities';
import type { InMemoryDatabase } from './in-memory-database';

/** ClassTypesService's check of a catalogue plan's types, over the in-memory class types. */
export function fakeClassTypes(db: InMemoryDatabase): ClassTypesService {
  const fake: Pick<ClassTypesService, 'existing'> = {
    existing: (ids) => {
      const unique = [...new Set(ids)];
      const found = db.classTypes.filter((t) => unique.includes(t.id));
      if (found.length !== unique.length) {
        return Promise.reject(new ClassTypeError(ClassTypeErrorCode.CLASS_TYPE_NOT_AVAILABLE));
      }
      return Promise.resolve(found as unknown as ClassType[]);
    },
  };
  return fake as ClassTypesService;
}
