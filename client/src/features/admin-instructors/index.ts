// "Instructores": the instructors' profiles page's public surface (the instructores route).
export { InstructorsEditor } from './components/instructors-editor';
