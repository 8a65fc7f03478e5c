export { CatalogueEditor } from './components/catalogue-editor';
