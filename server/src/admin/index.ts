// admin's public surface: what other modules and the app's wiring may use (informacion changes a
// profile through the admin's audited path).
export { AdminModule } from './admin.module';
export { AdminUsersService } from './admin-users.service';
