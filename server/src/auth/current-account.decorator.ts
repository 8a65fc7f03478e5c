import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedRequest } from '../core/auth/session';
import { userFromRow, type User, type UserRow } from './entities/user.entity';

/**
 * The logged-in user's whole record, as the session check read it for this request: for the
 * routes about one's own account (the session answer, password and profile changes). Every other
 * route takes the Caller of @CurrentUser().
 */
export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): User => {
  const { accountRow } = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
  return userFromRow(accountRow as unknown as UserRow);
});
