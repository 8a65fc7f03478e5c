// The admin's "Sala": the sala route.
export { adminSalaQueryOptions, SalaEditor } from './components/sala-editor';
