// The legal texts («Términos y condiciones», «Aviso de privacidad», «aviso corto»): their pages, the
// short notice where data is collected, promotions in Mi información, and the admin's «Textos legales».
export { legalDocumentQueryOptions, legalVersionsQueryOptions, type LegalKind } from './queries';
export { legalSearchSchema, type LegalSearch } from './search';
export { loadLegalPage, type LegalPageData } from './load';
export { LEGAL_TEXT_FORMAT_HINT, legalBlocks } from './text';
export { publishedOn, versionLine } from './format';
export { LegalText } from './components/legal-text';
export { NOT_IN_FORCE_MESSAGE, PublishedLegalPage } from './components/published-legal-page';
export { ShortNotice } from './components/short-notice';
export { useVersionsInForce, type VersionsInForce } from './use-versions-in-force';
export {
  marketingQueryOptions,
  Promotions,
  PROMOTIONS_OFF_MESSAGE,
  PROMOTIONS_ON_MESSAGE,
} from './components/promotions';
export { AdminLegalTexts } from './components/admin-legal-texts';
