import { DomainError } from '../core/errors/api-error';

export enum LegalErrorCode {
  LEGAL_DOCUMENT_NOT_FOUND = 'LEGAL_DOCUMENT_NOT_FOUND',
  LEGAL_VERSION_NOT_CURRENT = 'LEGAL_VERSION_NOT_CURRENT',
  LEGAL_PUBLISH_CONFLICT = 'LEGAL_PUBLISH_CONFLICT',
  TERMS_ACCEPTANCE_REQUIRED = 'TERMS_ACCEPTANCE_REQUIRED',
}

// Records keyed by the enum: a code without its status and message does not compile.
const status: Record<LegalErrorCode, number> = {
  [LegalErrorCode.LEGAL_DOCUMENT_NOT_FOUND]: 404,
  [LegalErrorCode.LEGAL_VERSION_NOT_CURRENT]: 409,
  [LegalErrorCode.LEGAL_PUBLISH_CONFLICT]: 409,
  [LegalErrorCode.TERMS_ACCEPTANCE_REQUIRED]: 409,
};

const message: Record<LegalErrorCode, string> = {
  [LegalErrorCode.LEGAL_DOCUMENT_NOT_FOUND]: 'Ese texto legal no existe o aún no se ha publicado.',
  [LegalErrorCode.LEGAL_VERSION_NOT_CURRENT]:
    'Esa ya no es la versión vigente. Recarga la página para leer la versión actual.',
  [LegalErrorCode.LEGAL_PUBLISH_CONFLICT]:
    'Se publicó otra versión al mismo tiempo. Recarga la página y vuelve a intentarlo.',
  [LegalErrorCode.TERMS_ACCEPTANCE_REQUIRED]:
    'Actualizamos los términos y condiciones o el aviso de privacidad. Léelos y acéptalos para reservar.',
};

export class LegalError extends DomainError {
  constructor(code: LegalErrorCode, override?: string) {
    super(code, status[code], override ?? message[code]);
  }
}
