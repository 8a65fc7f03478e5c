// admin's public surface: what other modules and the app's wiring may use (informacion changes a
// profile through the admin's audited path).
export { AdminModule } from './admin.module';
export { AdminUsersService } from './admin-users.service';
// The exports' CSV writer (Excel-safe cells), for other modules' downloads (invoicing's CSV of the month).
export { toCsv, type CsvValue } from './csv';
