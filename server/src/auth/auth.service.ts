import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, LessThan, MoreThan, Repository } from 'typeorm';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { TransactionService } from '../core/database/transaction.service';
import { MailService } from '../core/mail/mail.service';
import { PasswordHasher } from '../core/security/password-hasher';
import { AuthError, AuthErrorCode } from './auth.errors';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import { LoginFailure } from './entities/login-failure.entity';
import { PasswordResetToken } from './entities/password-reset-token.entity';
import { User } from './entities/user.entity';
import { RESET_LINK_HOURS, passwordResetMail } from './password-reset.mail';
import { UsersService } from './users.service';

/** Product-decisions §3: after this many failed logins for one email in the window, the email is locked. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_WINDOW_MS = 15 * 60 * 1000;
const RESET_TOKEN_BYTES = 32;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  private dummyHash?: Promise<string>;

  constructor(
    @InjectRepository(LoginFailure) private readonly failures: Repository<LoginFailure>,
    private readonly usersService: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly transactions: TransactionService,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async register(dto: RegisterDto): Promise<User> {
    const passwordHash = await this.hasher.hash(dto.password);
    return this.usersService.inTransaction((manager) =>
      this.usersService.createInside(manager, {
        name: dto.name,
        email: dto.email,
        birthDate: dto.cumpleanos,
        passwordHash,
      }),
    );
  }

  async login({ email, password }: LoginDto): Promise<User> {
    const since = new Date(this.clock.now().getTime() - LOGIN_LOCK_WINDOW_MS);
    const recentFailures = await this.failures.countBy({ email, createdAt: MoreThan(since) });
    if (recentFailures >= LOGIN_MAX_FAILURES) throw new AuthError(AuthErrorCode.TOO_MANY_ATTEMPTS);

    const user = await this.usersService.findByEmail(email);
    // An unknown email costs the same hash work as a wrong password, so timing does not tell them apart.
    const valid = user
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verify(await this.getDummyHash(), password).then(() => false);
    if (!user || !valid) {
      await this.recordFailure(email, since);
      throw new AuthError(AuthErrorCode.INVALID_CREDENTIALS);
    }
    if (!user.active) throw new AuthError(AuthErrorCode.ACCOUNT_INACTIVE);
    await this.failures.delete({ email });
    return user;
  }

  /**
   * Sends a reset link when the email belongs to an active account. The caller
   * answers the same either way, and the mail goes out in the background so the
   * answer's timing does not tell either.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await this.usersService.findByEmail(email);
    if (!user || !user.active) return;

    const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
    const now = this.clock.now();
    await this.transactions.run(async (manager) => {
      // Only the newest link works: asking again retires the earlier ones.
      await manager.update(PasswordResetToken, { userId: user.id, usedAt: IsNull() }, { usedAt: now });
      await manager.insert(PasswordResetToken, {
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + RESET_LINK_HOURS * 3600 * 1000),
        usedAt: null,
      });
    });
    const link = `${this.config.appUrl}/pilates/reset-password/${token}`;
    void this.mail
      .send(passwordResetMail(user.email, user.name, link))
      .catch((error: unknown) =>
        this.logger.error(`No se pudo enviar el correo de recuperación a ${user.email}`, error),
      );
  }

  /** Sets the new password, spends the token and ends every session of the user. */
  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    const now = this.clock.now();
    await this.transactions.run(async (manager) => {
      const record = await manager.findOneBy(PasswordResetToken, { tokenHash: sha256(token) });
      if (!record || record.usedAt || record.expiresAt.getTime() <= now.getTime()) {
        throw new AuthError(AuthErrorCode.RESET_TOKEN_INVALID);
      }
      // Conditional update: of two simultaneous uses of one link, only one sees a row change.
      const spent = await manager
        .createQueryBuilder()
        .update(PasswordResetToken)
        .set({ usedAt: now })
        .where('id = :id AND used_at IS NULL', { id: record.id })
        .execute();
      if (spent.affected !== 1) throw new AuthError(AuthErrorCode.RESET_TOKEN_INVALID);

      const user = await manager.findOneByOrFail(User, { id: record.userId });
      if (!user.active) throw new AuthError(AuthErrorCode.RESET_TOKEN_INVALID);
      await manager
        .createQueryBuilder()
        .update(User)
        .set({ passwordHash, sessionVersion: () => 'session_version + 1' })
        .where('id = :id', { id: user.id })
        .execute();
      await manager.delete(LoginFailure, { email: user.email });
    });
  }

  private async recordFailure(email: string, windowStart: Date): Promise<void> {
    await this.failures.insert({ email, createdAt: this.clock.now() });
    await this.failures.delete({ email, createdAt: LessThan(windowStart) });
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
