// The account forms' public surface: the cuenta, forgot-password and reset-password routes, and the
// admin's add-user form, which shares the registration rules.
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm, type LoginFormProps } from './components/login-form';
export { RegisterForm, type RegisterFormProps } from './components/register-form';
export { PASSWORD_CHANGED_MESSAGE, ResetPasswordForm } from './components/reset-password-form';
export { PASSWORDS_DIFFER_MESSAGE, registerSchema, type RegisterValues } from './schemas';
export { accountSearchSchema, loginReason, type AccountSearch } from './search';
export { RESET_LINK_INVALID_MESSAGE, resetLinkQueryOptions } from './reset-link';
