export { Dashboard } from './components/dashboard';
export { periodFor, type Period } from './period';
export { dashboardSearchSchema, type DashboardSearch } from './search';
