import type { ExecutionContext, Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../../app.module';
import { FixedClock } from '../clock/clock';
import { loadConfig } from '../config/app-config';
import { ApiError } from '../errors/api-error';
import { AccessPolicy } from './access';
import { ALTERNATIVE_PERMISSION, IS_PUBLIC, REQUIRED_PERMISSION } from './auth.decorators';
import { AuthGuard } from './auth.guard';
import type { Role } from './caller';
import { ALL_PERMISSIONS, Permission, ROLE_PERMISSIONS } from './permissions';
import { SESSION_COOKIE } from './session';
import type { SessionService } from './session.service';
import type { SessionVerifier } from './session-verifier';

const NOW = new Date('2026-11-24T15:00:00Z');

interface Route {
  name: string;
  controller: Type;
  handler: (...args: unknown[]) => unknown;
}

/** Every route handler of the app, read from its modules without opening a port or a database. */
async function appRoutes(): Promise<Route[]> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'pilates-guard-')) });
  const app = await NestFactory.create(AppModule.forRoot(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  const routes: Route[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler === 'function' && Reflect.hasMetadata(METHOD_METADATA, handler)) {
          routes.push({ name, controller, handler: handler as Route['handler'] });
        }
      }
    }
  }
  await app.close();
  return routes;
}

/** The guard as the app builds it, with the role table given and a session for `role`. */
function guardFor(table: Record<string, readonly Permission[]>, role: string) {
  const verifier = {
    verify: async () => ({
      user: { id: 7, role: role as Role, sessionVersion: 1 },
      currentSession: { id: 's-1', issuedAt: NOW.getTime() / 1000, expiresAt: new Date(NOW.getTime() + 3600_000) },
      accountRow: {},
    }),
  } as unknown as SessionVerifier;
  const sessions = { renew: jest.fn() } as unknown as SessionService;
  return new AuthGuard(new Reflector(), sessions, verifier, new FixedClock(NOW), new AccessPolicy(table));
}

/** 'pasa' when the guard lets the route through, else the refusal's status. */
async function outcome(guard: AuthGuard, route: Route): Promise<'pasa' | number> {
  const request = { cookies: { [SESSION_COOKIE]: 'token' } };
  const context = {
    getHandler: () => route.handler,
    getClass: () => route.controller,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  } as unknown as ExecutionContext;
  try {
    return (await guard.canActivate(context)) ? 'pasa' : 403;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

describe('AuthGuard with the role table', () => {
  const reflector = new Reflector();
  let routes: Route[];
  const permissionOf = (route: Route) =>
    reflector.getAllAndOverride<Permission | undefined>(REQUIRED_PERMISSION, [route.handler, route.controller]);
  /** The door routes' second way in: the role that teaches, checked against the class by the service. */
  const alternativeOf = (route: Route) =>
    reflector.getAllAndOverride<Permission | undefined>(ALTERNATIVE_PERMISSION, [route.handler, route.controller]);

  beforeAll(async () => {
    routes = await appRoutes();
  });

  it('should find every route of the app, and a route for each permission but the one checked only on data', () => {
    expect(routes.length).toBeGreaterThan(50);
    // Booking and cancelling for others happens on the clients' own routes: an ownership check only.
    const unguarded = ALL_PERMISSIONS.filter(
      (permission) => !routes.some((route) => permissionOf(route) === permission),
    );
    expect(unguarded).toEqual([Permission.ReservationsManageOthers]);
  });

  it("should let a new role given one permission through that permission's routes and refuse it (403) the others", async () => {
    for (const permission of ALL_PERMISSIONS) {
      const guard = guardFor({ ...ROLE_PERMISSIONS, recepcion: [permission] }, 'recepcion');
      for (const route of routes) {
        const required = permissionOf(route);
        const expected =
          required === undefined || required === permission || alternativeOf(route) === permission ? 'pasa' : 403;
        expect({ permission, route: route.name, outcome: await outcome(guard, route) }).toEqual({
          permission,
          route: route.name,
          outcome: expected,
        });
      }
    }
    // The same role with the roster permission reaches the roster and nothing else of the admin's.
    const recepcion = guardFor({ ...ROLE_PERMISSIONS, recepcion: [Permission.RosterRead] }, 'recepcion');
    const reached: string[] = [];
    for (const route of routes.filter((r) => permissionOf(r))) {
      if ((await outcome(recepcion, route)) === 'pasa') reached.push(route.name);
    }
    expect(reached).toEqual(['getInformationClases']);
    // A role that teaches passes the door routes' guard (the service checks the class) and its own page's,
    // the health questionnaire of a client booked in a class it teaches among them.
    const teacher = guardFor({ ...ROLE_PERMISSIONS, maestra: [Permission.ClassesTeach] }, 'maestra');
    const door: string[] = [];
    for (const route of routes.filter((r) => permissionOf(r))) {
      if ((await outcome(teacher, route)) === 'pasa' && alternativeOf(route)) door.push(route.name);
    }
    expect(door.sort()).toEqual(['getHealthProfile', 'markAttendance', 'walkIn']);
  });

  it('should refuse every permission-guarded route to a role the table does not know, and open the others to it', async () => {
    const guard = guardFor(ROLE_PERMISSIONS, 'desconocido');
    for (const route of routes) {
      const expected = permissionOf(route) ? 403 : 'pasa';
      expect({ route: route.name, outcome: await outcome(guard, route) }).toEqual({
        route: route.name,
        outcome: expected,
      });
    }
  });

  it('should never put a permission on a public route', () => {
    const both = routes.filter(
      (route) =>
        permissionOf(route) && reflector.getAllAndOverride<boolean>(IS_PUBLIC, [route.handler, route.controller]),
    );
    expect(both.map((route) => route.name)).toEqual([]);
  });
});
