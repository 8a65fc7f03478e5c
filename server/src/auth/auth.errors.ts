import { DomainError } from '../core/errors/api-error';

export enum AuthErrorCode {
  EMAIL_TAKEN = 'EMAIL_TAKEN',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  ACCOUNT_INACTIVE = 'ACCOUNT_INACTIVE',
  TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS',
  RESET_TOKEN_INVALID = 'RESET_TOKEN_INVALID',
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  CURRENT_PASSWORD_REQUIRED = 'CURRENT_PASSWORD_REQUIRED',
  CURRENT_PASSWORD_WRONG = 'CURRENT_PASSWORD_WRONG',
  PASSWORD_UNCHANGED = 'PASSWORD_UNCHANGED',
}

// Records keyed by the enum: adding a code without its status and message does not compile.
const status: Record<AuthErrorCode, number> = {
  [AuthErrorCode.EMAIL_TAKEN]: 409,
  [AuthErrorCode.INVALID_CREDENTIALS]: 401,
  [AuthErrorCode.ACCOUNT_INACTIVE]: 403,
  [AuthErrorCode.TOO_MANY_ATTEMPTS]: 429,
  [AuthErrorCode.RESET_TOKEN_INVALID]: 400,
  [AuthErrorCode.USER_NOT_FOUND]: 404,
  [AuthErrorCode.CURRENT_PASSWORD_REQUIRED]: 400,
  [AuthErrorCode.CURRENT_PASSWORD_WRONG]: 400,
  [AuthErrorCode.PASSWORD_UNCHANGED]: 400,
};

const message: Record<AuthErrorCode, string> = {
  [AuthErrorCode.EMAIL_TAKEN]: 'Ya existe una cuenta con ese correo',
  [AuthErrorCode.INVALID_CREDENTIALS]: 'El correo o la contraseña son incorrectos.',
  [AuthErrorCode.ACCOUNT_INACTIVE]: 'Tu cuenta está inactiva. Contacta al estudio.',
  [AuthErrorCode.TOO_MANY_ATTEMPTS]: 'Demasiados intentos. Intenta más tarde.',
  [AuthErrorCode.RESET_TOKEN_INVALID]:
    'El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.',
  [AuthErrorCode.USER_NOT_FOUND]: 'El usuario no existe.',
  [AuthErrorCode.CURRENT_PASSWORD_REQUIRED]: 'Escribe tu contraseña actual para hacer este cambio.',
  [AuthErrorCode.CURRENT_PASSWORD_WRONG]: 'La contraseña actual no es correcta.',
  [AuthErrorCode.PASSWORD_UNCHANGED]: 'La nueva contraseña debe ser distinta de la actual.',
};

export class AuthError extends DomainError {
  constructor(code: AuthErrorCode) {
    super(code, status[code], message[code]);
  }
}
