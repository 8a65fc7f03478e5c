import { Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { Repository } from 'typeorm';
import { User, userFromRow, type UserRow } from '../../auth/entities/user.entity';
import { AppConfig } from '../config/app-config';
import { SESSION_COOKIE, SessionPayload } from './session';

const fromSessionCookie = (request: FastifyRequest): string | null => request.cookies?.[SESSION_COOKIE] ?? null;

/**
 * Reads the session cookie and re-reads the user on every request, so a
 * deactivated user is out at once and a role change applies at once.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([fromSessionCookie]),
      // A KeyObject, not the string: jsonwebtoken first tries a string as a PEM public key and
      // throws and catches on every request, which cost more than the rest of the request.
      // passport-jwt hands it to jsonwebtoken untouched; its typings only list string | Buffer.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: SessionPayload): Promise<{ user: User; issuedAt: number } | false> {
    // Every authenticated request runs this: plain SQL, mapped by hand (see userFromRow).
    const rows: UserRow[] = await this.users.query('SELECT * FROM users WHERE id = ?', [payload.sub]);
    const user = rows[0] ? userFromRow(rows[0]) : null;
    if (!user || !user.active || user.sessionVersion !== payload.sv) return false;
    return { user, issuedAt: payload.iat ?? 0 };
  }
}
