import { AuthRateLimit } from './auth-rate-limit.entity';
import { LoginFailure } from './login-failure.entity';
import { PasswordResetToken } from './password-reset-token.entity';
import { User } from './user.entity';

// The classes other modules' entities relate to, and the mapping of a user row read on the driver.
export { User, userFromRow, type UserRow } from './user.entity';

/** The auth module's tables, for the app's schema (server/src/database/schema.ts). */
export const authEntities = [User, PasswordResetToken, LoginFailure, AuthRateLimit];
