import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { SessionVerifier } from './session-verifier';
import { Session } from './session.entity';
import { SessionService } from './session.service';

/** Session plumbing shared by the global auth guard and the auth module: JWT signing and the session cookie's check. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Session]),
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [SessionVerifier, SessionService],
  exports: [SessionService, SessionVerifier],
})
export class AuthCoreModule {}
