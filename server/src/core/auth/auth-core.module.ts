import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { SessionVerifier } from './session-verifier';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';

/** Session plumbing shared by the global auth guard and the auth module: JWT signing and the session cookie's check. */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [SessionsRepository, SessionVerifier, SessionService],
  exports: [SessionService, SessionVerifier],
})
export class AuthCoreModule {}
