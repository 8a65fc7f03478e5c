export { InstructorsModule } from './instructors.module';
export { InstructorsService, toPublicInstructor, INSTRUCTOR_PAGE_DAYS } from './instructors.service';
export { InstructorError, InstructorErrorCode } from './instructors.errors';
