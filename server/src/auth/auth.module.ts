import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../core/config/app-config';
import { LegalModule } from '../legal';
import { NotificationsModule } from '../notifications';
import { AUTH_THROTTLER, AuthRateLimitGuard } from './auth-rate-limit.guard';
import { AuthRateLimitModule, AuthRateLimitRepository } from './auth-rate-limit.repository';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginFailure } from './entities/login-failure.entity';
import { PasswordResetToken } from './entities/password-reset-token.entity';
import { User } from './entities/user.entity';
import { AuthRepository } from './auth.repository';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Accounts: registration, login, logout, the session user and password reset. */
@Module({
  imports: [
    NotificationsModule,
    LegalModule,
    // The same counters' module the throttler's factory gets: AuthService sweeps them (a job).
    AuthRateLimitModule,
    TypeOrmModule.forFeature([User, LoginFailure, PasswordResetToken]),
    // Per-address counters in the database (auth_rate_limits), like the per-email lock
    // (login_failures): with several replicas the limits hold for all of them together.
    ThrottlerModule.forRootAsync({
      imports: [AuthRateLimitModule],
      inject: [AppConfig, AuthRateLimitRepository],
      useFactory: (config: AppConfig, storage: AuthRateLimitRepository) => ({
        throttlers: [{ name: AUTH_THROTTLER, ttl: 60_000, limit: config.authRateLimit }],
        storage,
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthRepository, UsersRepository, AuthService, UsersService, AuthRateLimitGuard],
  exports: [UsersService, AuthService],
})
export class AuthModule {}
