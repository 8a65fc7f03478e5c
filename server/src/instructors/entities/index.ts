import { Instructor } from './instructor.entity';

export { Instructor };

/** The instructors module's tables, for the app's schema (server/src/database/schema.ts). */
export const instructorsEntities = [Instructor];

// A profile's name and slug: the migration of the timetable's names and the service make them alike.
export {
  freeInstructorSlug,
  INSTRUCTOR_NAME_MAX,
  instructorNameKey,
  instructorSlugBase,
  tidyInstructorName,
} from '../instructor-names';

// A photo key's files and address: the day view's mapper builds the booking row's photo with it.
export { instructorPhotoUrl } from '../instructor-photos';
