// The catalogue editor's public surface (the planes-admin route).
export { CatalogueEditor } from './components/catalogue-editor';
