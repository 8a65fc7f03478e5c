/** The checkbox's words, as the client reads them (Mi información, registration). */
export const WHATSAPP_CONSENT_TEXT = 'Recibir por WhatsApp confirmaciones, recordatorios y avisos de mis clases';
/** Raised whenever WHATSAPP_CONSENT_TEXT changes: each consent records the version it was given to. */
export const WHATSAPP_CONSENT_VERSION = 1;
