// teaching's public surface: the app's wiring. Its entity classes are the other entry, ./entities.
export { TeachingModule } from './teaching.module';
