import { AuthRateLimit } from './auth-rate-limit.entity';
import { LoginFailure } from './login-failure.entity';
import { PasswordResetToken } from './password-reset-token.entity';
import { User } from './user.entity';
import { UserSearchGram } from './user-search-gram.entity';

// The classes other modules' entities relate to, and the mapping of a user row read on the driver.
export { User, userFromRow, type UserRow } from './user.entity';
export { UserSearchGram } from './user-search-gram.entity';
// The users' row of row_counts, which whatever writes users around the app sets again.
export { recountUsersSql, USERS_COUNT } from '../users-count';
// The search index's grams of a user (plain functions, no service): the migration that fills the
// index for existing users writes them too.
export { userSearchGrams } from '../user-search-grams';

/** The auth module's tables, for the app's schema (server/src/database/schema.ts). */
export const authEntities = [User, UserSearchGram, PasswordResetToken, LoginFailure, AuthRateLimit];
