// pages' public surface: the module the app mounts.
export { PagesModule } from './pages.module';
