// The Usuarios screen's public surface (the usuarios route).
export { UsersAdmin } from './components/users-admin';
export { ClientPage } from './components/client-page';
