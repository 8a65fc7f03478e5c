import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../../auth/entities/user.entity';
import { AppConfig } from '../config/app-config';
import { JwtStrategy } from './jwt.strategy';
import { Session } from './session.entity';
import { SessionService } from './session.service';

/** Session plumbing shared by the global auth guard and the auth module: JWT signing and the cookie strategy. */
@Module({
  imports: [
    PassportModule,
    TypeOrmModule.forFeature([User, Session]),
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [JwtStrategy, SessionService],
  exports: [SessionService],
})
export class AuthCoreModule {}
