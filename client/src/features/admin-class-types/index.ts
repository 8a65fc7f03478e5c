// "Tipos de clase" (a section of the Horario page): the class types' public surface.
export { ClassTypesEditor } from './components/class-types-editor';
