// "Pago a instructores" (admin) and "Mi pago" (an instructor's own): the pay reports' public surface.
export { InstructorPayReport } from './components/instructor-pay-report';
export { MyPayReport } from './components/my-pay-report';
export { monthOf } from './month';
export { payMonthSearchSchema, type PayMonthSearch } from './search';
