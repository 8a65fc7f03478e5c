import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../core/config/app-config';
import { AUTH_THROTTLER, AuthRateLimitGuard } from './auth-rate-limit.guard';
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
    TypeOrmModule.forFeature([User, LoginFailure, PasswordResetToken]),
    // In-memory counters per instance: with several replicas the per-IP limit applies per replica,
    // while the per-email lock (login_failures table) is shared through the database.
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: AUTH_THROTTLER, ttl: 60_000, limit: config.authRateLimit }],
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthRepository, UsersRepository, AuthService, UsersService, AuthRateLimitGuard],
  exports: [UsersService, UsersRepository, AuthService],
})
export class AuthModule {}
