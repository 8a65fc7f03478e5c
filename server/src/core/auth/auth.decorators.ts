import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiExtension } from '@nestjs/swagger';
import type { Caller } from './caller';
import type { Permission } from './permissions';
import type { CurrentSessionInfo } from './session';

export const IS_PUBLIC = 'isPublic';
export const REQUIRED_PERMISSION = 'requiredPermission';
export const ALTERNATIVE_PERMISSION = 'alternativePermission';
export const SKIP_CSRF = 'skipCsrf';
export const OPTIONAL_SESSION = 'optionalSession';

/**
 * Opens a route to visitors without a session. Every other route needs one. The OpenAPI document
 * reads the same marks (`x-session`) to say which calls need the session cookie (core/http/openapi.ts).
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension('x-session', 'none'));

/** Opens a route to visitors and still reads the session of a logged-in user (@CurrentUser() may be undefined). */
export const PublicWithOptionalSession = () =>
  applyDecorators(
    SetMetadata(IS_PUBLIC, true),
    SetMetadata(OPTIONAL_SESSION, true),
    ApiExtension('x-session', 'optional'),
  );

/**
 * Restricts a route to the roles that hold the permission (403 for any other logged-in user). On a
 * controller it covers every route of it; a route's own overrides it. The OpenAPI document names it
 * in the operation's `x-permission`.
 */
export const RequirePermission = (permission: Permission) =>
  applyDecorators(SetMetadata(REQUIRED_PERMISSION, permission), ApiExtension('x-permission', permission));

/**
 * A door route of a class (attendance, walk-ins): the roles holding `permission` act on any class,
 * and those holding `teaching` get through the guard too, for the service to check that they teach
 * the class (`access.require(caller, permission, { teacherId })`). The document names both
 * (`x-permission` and `x-teaching`).
 */
export const RequirePermissionOrTeaching = (permission: Permission, teaching: Permission) =>
  applyDecorators(
    SetMetadata(REQUIRED_PERMISSION, permission),
    SetMetadata(ALTERNATIVE_PERMISSION, teaching),
    ApiExtension('x-permission', permission),
    ApiExtension('x-teaching', teaching),
  );

/** Exempts a state-changing route from the CSRF header (signed webhooks only). */
export const SkipCsrf = () => applyDecorators(SetMetadata(SKIP_CSRF, true), ApiExtension('x-skip-csrf', true));

/** Who is calling: the logged-in user, re-read from the database for this request. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller =>
    context.switchToHttp().getRequest<FastifyRequest & { user: Caller }>().user,
);

/** On a @PublicWithOptionalSession() route: the caller when a valid session came along, else null. */
export const OptionalUser = createParamDecorator((_data: unknown, context: ExecutionContext): Caller | null => {
  const user = context.switchToHttp().getRequest<FastifyRequest & { user?: unknown }>().user;
  return user && typeof user === 'object' && 'role' in user ? (user as Caller) : null;
});

/** The session the request came with (its id names the `sessions` row). */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CurrentSessionInfo =>
    context.switchToHttp().getRequest<FastifyRequest & { currentSession: CurrentSessionInfo }>().currentSession,
);
