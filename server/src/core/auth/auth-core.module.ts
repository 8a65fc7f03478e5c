import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { access, AccessPolicy } from './access';
import { SessionVerifier } from './session-verifier';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';

/**
 * Session plumbing shared by the global auth guard and the auth module: JWT signing, the session
 * cookie's check, and the role table's policy the guard asks.
 */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [SessionsRepository, SessionVerifier, SessionService, { provide: AccessPolicy, useValue: access }],
  exports: [SessionService, SessionVerifier, AccessPolicy],
})
export class AuthCoreModule {}
