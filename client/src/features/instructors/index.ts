// The instructors' public surface: "Nuestros instructores" (the studio page) and each one's page.
export { InstructorCards, instructorsQueryOptions } from './components/instructor-cards';
export { InstructorProfile } from './components/instructor-profile';
export { InstructorAvatar } from './components/instructor-avatar';
