// "Mi información": the informacion route.
export { PASSWORD_CHANGED_MESSAGE } from './components/change-password-dialog';
export { INFO_CHANGED_MESSAGE, PersonalInfo } from './components/personal-info';
export { FAVOURITE_HINT, FavouriteSpot, salaQueryOptions } from './components/favourite-spot';
export {
  WHATSAPP_OFF_MESSAGE,
  WHATSAPP_ON_MESSAGE,
  WhatsAppNotices,
  whatsappQueryOptions,
} from './components/whatsapp-notices';
export { FISCAL_DATA_SAVED_MESSAGE, FiscalData, fiscalDataQueryOptions } from './components/fiscal-data';
// The receiver's fields of a CFDI, also in Facturas' «Sustituir factura».
export { FiscalFields, usesFor, type FiscalCustomer } from './components/fiscal-fields';
export { YourData } from './components/your-data';
export { ACCOUNT_DELETED_MESSAGE } from './components/delete-account-dialog';
