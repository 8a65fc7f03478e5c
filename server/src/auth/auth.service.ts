import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { PasswordHasher } from '../core/security/password-hasher';
import { RESET_LINK_HOURS, WELCOME_LINK_DAYS, NotificationsService, WhatsAppConsentsService } from '../notifications';
import { LegalService } from '../legal';
import { AuthRateLimitRepository } from './auth-rate-limit.repository';
import { AuthError, AuthErrorCode } from './auth.errors';
import { AuthRepository } from './auth.repository';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import type { PasswordResetToken } from './entities/password-reset-token.entity';
import type { User } from './entities/user.entity';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** After this many failed logins for one email in the window, the email is locked. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_WINDOW_MS = 15 * 60 * 1000;
const RESET_TOKEN_BYTES = 32;
/** At most one reset mail per address in this interval. */
export const RESET_MAIL_INTERVAL_MS = 60 * 1000;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

type Credentials = Pick<User, 'email' | 'passwordHash' | 'sessionVersion' | 'active'>;

/**
 * What a reset link is bound to: the account as it was when the link was issued. Changing the
 * password (or resetting it), the email, or deactivating the account (which bumps the session
 * version, so reactivating does not bring the link back) changes it, and the link ends.
 */
const credentialsHash = (user: Credentials): string =>
  sha256(JSON.stringify([user.email, user.passwordHash, user.sessionVersion, user.active]));

/** A link that can still be used for its account now. */
const usable = (link: PasswordResetToken, user: Credentials, now: Date): boolean =>
  link.usedAt === null &&
  link.expiresAt.getTime() > now.getTime() &&
  user.active &&
  link.credentialsHash === credentialsHash(user);

@Injectable()
export class AuthService {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly repository: AuthRepository,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly hasher: PasswordHasher,
    readonly transactions: TransactionService,
    private readonly notifications: NotificationsService,
    private readonly whatsapp: WhatsAppConsentsService,
    private readonly legal: LegalService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly rateLimits: AuthRateLimitRepository,
  ) {}

  /** `ipAddress`: where the request came from, recorded with the versions of the texts accepted. */
  async register(dto: RegisterDto, ipAddress: string): Promise<User> {
    const passwordHash = await this.hasher.hash(dto.password);
    return this.usersService.inTransaction(async () => {
      const user = await this.usersService.createInside({
        name: dto.name,
        email: dto.email,
        birthDate: dto.cumpleanos,
        passwordHash,
      });
      // In the same transaction: the account and its consent exist together or not at all.
      if (dto.whatsappConsent === true && dto.whatsapp)
        await this.whatsapp.optIn(user.id, dto.whatsapp, 'registration');
      await this.legal.recordRegistration(user.id, ipAddress);
      // Promotions only when ticked: the box starts unticked.
      if (dto.marketingConsent === true) await this.legal.setMarketing(user.id, true, ipAddress);
      return user;
    });
  }

  async login({ email, password }: LoginDto): Promise<User> {
    const attempt = await this.claimAttempt(email);
    const user = await this.users.byEmail(email);
    // An unknown email costs the same hash work as a wrong password, so timing does not tell them apart.
    const valid = user
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verify(await this.getDummyHash(), password).then(() => false);
    // A wrong password leaves the claimed attempt in place: it is the failure.
    if (!user || !valid) throw new AuthError(AuthErrorCode.INVALID_CREDENTIALS);
    if (!user.active) {
      await this.repository.deleteAttempt(attempt);
      throw new AuthError(AuthErrorCode.ACCOUNT_INACTIVE);
    }
    await this.repository.clearAttempts(email);
    return user;
  }

  /**
   * Checks the caller's current password before a change of password or email. A wrong one
   * counts as a failed login for the account's email (the same lock, the same 429).
   */
  async verifyCurrentPassword(user: User, password: string | undefined): Promise<void> {
    if (!password) throw new AuthError(AuthErrorCode.CURRENT_PASSWORD_REQUIRED);
    const attempt = await this.claimAttempt(user.email);
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      throw new AuthError(AuthErrorCode.CURRENT_PASSWORD_WRONG);
    }
    await this.repository.deleteAttempt(attempt);
  }

  /**
   * Sends a reset link when the email belongs to an active account. The caller answers the same
   * either way, and the mail goes out after the answer (the outbox delivers it in the background),
   * so the answer's timing does not tell either.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await this.users.byEmail(email);
    if (!user || !user.active) return;

    const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + RESET_LINK_HOURS * 3600 * 1000);
    await this.transactions.run(async () => {
      // A no-op update takes the user's row lock (MySQL), so two simultaneous requests see each other's link.
      await this.users.lockRow(user.id);
      // A link's expiry is its issue time plus the hour: one issued within the interval means no new mail.
      const recent = await this.repository.countResetLinksExpiringAfter(
        user.id,
        new Date(expiresAt.getTime() - RESET_MAIL_INTERVAL_MS),
      );
      if (recent > 0) return;
      // Only the newest link works: asking again retires the earlier ones.
      await this.repository.retireResetLinks(user.id, now);
      await this.repository.insertResetLink(user.id, {
        tokenHash: sha256(token),
        expiresAt,
        credentialsHash: credentialsHash(user),
      });
      await this.notifications.emit({
        type: 'account.password-reset',
        to: { userId: user.id, email: user.email, name: user.name },
        payload: { link: `${this.config.appUrl}/pilates/reset-password/${token}` },
      });
    });
  }

  /**
   * An account the studio opened (a walk-in): a "set your password" link — the reset link's token,
   * valid WELCOME_LINK_DAYS — and its `account.welcome` notification, in the caller's transaction,
   * so the mail exists exactly when the account does.
   */
  @InTransaction()
  async welcome(user: Pick<User, 'id' | 'name'> & Credentials): Promise<void> {
    const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + WELCOME_LINK_DAYS * 24 * 3600 * 1000);
    await this.repository.insertResetLink(user.id, {
      tokenHash: sha256(token),
      expiresAt,
      credentialsHash: credentialsHash(user),
    });
    await this.notifications.emit({
      type: 'account.welcome',
      to: { userId: user.id, email: user.email, name: user.name },
      payload: { link: `${this.config.appUrl}/pilates/reset-password/${token}` },
    });
  }

  /**
   * Whether an emailed reset link can still be used (not spent, not expired, the newest, the account
   * unchanged since), without spending it: the page says so before the visitor types a new password.
   * RESET_TOKEN_INVALID otherwise.
   */
  async checkResetToken(token: string): Promise<void> {
    const found = await this.repository.resetLinkByHash(sha256(token));
    const user = found ? await this.users.byId(found.userId) : null;
    if (!found || !user || !usable(found, user, this.clock.now())) {
      throw new AuthError(AuthErrorCode.RESET_TOKEN_INVALID);
    }
  }

  /** Sets the new password, spends the token and ends every session of the user. */
  async resetPassword(token: string, password: string): Promise<void> {
    const now = this.clock.now();
    // The token is looked up before the (slow) hash, so a bogus one costs no hashing.
    const found = await this.repository.resetLinkByHash(sha256(token));
    const owner = found ? await this.users.byId(found.userId) : null;
    if (!found || !owner || !usable(found, owner, now)) throw new AuthError(AuthErrorCode.RESET_TOKEN_INVALID);
    if (await this.hasher.verify(owner.passwordHash, password)) {
      throw new AuthError(AuthErrorCode.PASSWORD_UNCHANGED);
    }
    const passwordHash = await this.hasher.hash(password);
    await this.transactions.run(async () => {
      const record = await this.repository.resetLinkByHash(sha256(token));
      const user = record ? await this.users.byId(record.userId) : null;
      // Checked again inside: the account may have changed while the password was hashed.
      if (!record || !user || !usable(record, user, now)) throw new AuthError(AuthErrorCode.RESET_TOKEN_INVALID);
      // Conditional update: of two simultaneous uses of one link, only one sees a row change.
      if (!(await this.repository.spendResetLink(record.id, now))) {
        throw new AuthError(AuthErrorCode.RESET_TOKEN_INVALID);
      }
      await this.users.setPasswordEndingSessions(user.id, passwordHash);
      await this.repository.clearAttempts(user.email);
    });
  }

  /**
   * Mi información → Cambiar contraseña: needs the current password; ends every other session
   * of the user and keeps the one it came from.
   */
  async changePassword(user: User, currentPassword: string, newPassword: string, sessionId: string): Promise<void> {
    await this.verifyCurrentPassword(user, currentPassword);
    const passwordHash = await this.hasher.hash(newPassword);
    await this.transactions.run(async () => {
      await this.users.setPassword(user.id, passwordHash);
      await this.repository.revokeOtherSessions(user.id, sessionId, this.clock.now());
    });
  }

  /** Tells the old address that the account's email changed, in the caller's transaction (the change's). */
  async notifyEmailChanged(user: Pick<User, 'id' | 'name'>, oldAddress: string, newAddress: string): Promise<void> {
    await this.notifications.emit({
      type: 'account.email-changed',
      to: { userId: user.id, email: oldAddress, name: user.name },
      payload: { newAddress },
    });
  }

  /**
   * The auth-rate-limits-sweep job (hourly): per-address counters whose window ended over an hour
   * ago are deleted (AuthRateLimitRepository's statement, as it is). Returns how many.
   */
  deleteEnded(): Promise<number> {
    return this.rateLimits.deleteEnded();
  }

  /**
   * Counts a login attempt before the password is checked, atomically: the attempt's row goes in
   * first, then the rows in the window are counted. Of any number of simultaneous attempts, the
   * k-th row to land sees at least k rows, so at most LOGIN_MAX_FAILURES get past this. A refused
   * attempt takes its row back (the lock does not grow while it is hammered); a wrong password
   * leaves it as the failure; a right one clears the email's rows. Returns the row's id.
   */
  private async claimAttempt(email: string): Promise<number> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - LOGIN_LOCK_WINDOW_MS);
    const id = await this.repository.insertAttempt(email, now);
    const recent = await this.repository.countAttemptsSince(email, since);
    if (recent > LOGIN_MAX_FAILURES) {
      await this.repository.deleteAttempt(id);
      throw new AuthError(AuthErrorCode.TOO_MANY_ATTEMPTS);
    }
    await this.repository.deleteAttemptsBefore(email, since);
    return id;
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
