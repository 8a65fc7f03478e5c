// The Usuarios screen's public surface (the usuarios route).
export { UsersAdmin } from './components/users-admin';
