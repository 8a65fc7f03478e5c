// notifications' public surface: what other modules and the app's wiring may use. Its entity
// classes are the other entry, ./entities (see docs/architecture.md, "Server layers").
export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
export { RESET_LINK_HOURS, WELCOME_LINK_DAYS } from './events';
export { UPDATE_CARD_URL } from './events/membership-past-due';
export { classCalendar, type BookedClass } from './class-calendar';
export type { ClassBefore } from './events/reservation-changed';
export {
  WhatsAppConsentsService,
  type WhatsAppConsentView,
  type WhatsAppMessageView,
} from './whatsapp/whatsapp-consents.service';
export { WHATSAPP_MESSAGE_STATUSES } from './entities/whatsapp-message.entity';
export { WhatsAppWebhookService } from './whatsapp/whatsapp-webhook.service';
export { WHATSAPP_CONSENT_TEXT, WHATSAPP_CONSENT_VERSION } from './whatsapp/consent';
export { displayPhone, normalizeMexicanMobile } from './whatsapp/phone-number';
export { IsMexicanMobile, PHONE_INPUT_MAX } from './whatsapp/phone-number.validator';
