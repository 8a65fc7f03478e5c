// payments' public surface: what the app's wiring may use. Its entity classes are the other
// entry, ./entities (see docs/architecture.md, "Server layers").
export { PaymentsModule } from './payments.module';
export { PaymentsService } from './payments.service';
export { PaymentNotificationsService } from './payment-notifications.service';
// The provider's view of a payment (invoicing reads its payment type for the CFDI's forma de pago).
export { PaymentGateway } from './payment-gateway';
// The memberships job (pauses sent to Mercado Pago on their first and after their last day).
export { MembershipAccountService } from './membership-account.service';
