// The account forms' resolvers with zod: loaded on demand through ./rules, never imported directly
// by a component (zod stays out of the account pages' first download).
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from './schemas';

export const loginResolver = zodResolver(loginSchema);
export const registerResolver = zodResolver(registerSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const resetPasswordResolver = zodResolver(resetPasswordSchema);
