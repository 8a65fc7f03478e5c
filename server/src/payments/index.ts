// payments' public surface: what the app's wiring may use. Its entity classes are the other
// entry, ./entities (see docs/architecture.md, "Server layers").
export { PaymentsModule } from './payments.module';
export { PaymentsService } from './payments.service';
export { PaymentNotificationsService } from './payment-notifications.service';
