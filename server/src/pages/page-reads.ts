import { Injectable, Logger, type Type, type ValidationPipe } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AuthController } from '../auth';
import { userFromRow, type UserRow } from '../auth/entities';
import type { ApiAnswer, PageRead, PageReadsPort } from '../core/http/page-reads.port';
import { InformacionController } from '../informacion';
import { GetUserPlanesDto, PlanesController } from '../planes';
import { DateRequestDto, ReservationsController } from '../reservations';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../core/auth/csrf.guard';
import { SESSION_COOKIE, SESSION_RENEW_AFTER_SECONDS, type AuthenticatedRequest } from '../core/auth/session';
import { SessionVerifier } from '../core/auth/session-verifier';
import { Clock } from '../core/clock/clock';
import { StudioController } from '../core/studio/studio.controller';
import { apiValidationPipe } from '../core/http/validation-pipe';
import { apiErrorAnswer } from '../core/errors/api-exception.filter';

/** Who the page is rendered for, found once per page: the session its cookie names, or none. */
type Visitor = AuthenticatedRequest | null;

/** What one read needs: its session rule, its body's DTO, and its controller's own method. */
interface Route {
  session: 'required' | 'optional' | 'none';
  body?: Type<object>;
  answer: (visitor: Visitor, dto: object) => unknown;
}

/** A cookie header as @fastify/cookie reads it for the API. */
type ParseCookie = (header: string) => Record<string, string | undefined>;

const isFlatJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((field) => field === null || typeof field !== 'object');

/**
 * The reads server-rendered pages make most (the session, the day's classes, the studio, the plan
 * catalogue, a client's plans), answered in-process by the API's own controller methods instead of an emulated HTTP
 * request through the whole server: the same checks the API makes on the way (CSRF header, session,
 * validation with the API's pipe) and the answer its route sends, serialized as Fastify does.
 * A controller's or the validation's error gets the API's error answer (apiErrorAnswer). What only
 * the whole server answers right (no session where one is needed, a session due for renewal, a
 * body its parser would refuse, an address not listed) gives `undefined`, and the caller asks the
 * API itself, whose answer (status, error shape, cookie) is then the API's.
 */
@Injectable()
export class PageReads implements PageReadsPort {
  private readonly logger = new Logger('PageReads');
  private readonly pipe: ValidationPipe = apiValidationPipe();
  private routes?: Map<string, Route>;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly adapterHost: HttpAdapterHost,
    private readonly verifier: SessionVerifier,
    private readonly clock: Clock,
  ) {}

  /** A reader for one page: the visitor's session is checked once for all of that page's reads. */
  forPage(cookieHeader: string | undefined): (read: PageRead) => Promise<ApiAnswer | undefined> {
    let visitor: Promise<Visitor | undefined> | undefined;
    return async (read) => {
      const route = this.route(read);
      if (!route) return undefined;
      const found = route.session === 'none' ? null : await (visitor ??= this.visitor(cookieHeader));
      // undefined: the session check itself failed (a database that does not answer): the API says so.
      if (found === undefined) return undefined;
      if (route.session === 'required' && found === null) return undefined;
      return this.answer(route, found, read);
    };
  }

  private async answer(route: Route, visitor: Visitor, read: PageRead): Promise<ApiAnswer | undefined> {
    let parsed: unknown = {};
    if (route.body) {
      if (read.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) return undefined;
      if (!read.headers['content-type']?.startsWith('application/json') || read.body === undefined) return undefined;
      // Fastify's parser refuses these keys and text that is not JSON; the API answers that itself.
      if (/__proto__|constructor/.test(read.body)) return undefined;
      try {
        parsed = JSON.parse(read.body);
      } catch {
        return undefined;
      }
      if (!isFlatJsonObject(parsed)) return undefined;
    }
    try {
      const dto = route.body
        ? ((await this.pipe.transform(parsed, { type: 'body', metatype: route.body })) as object)
        : {};
      // Fastify sends an object without a response schema as JSON.stringify does.
      return { status: 200, body: JSON.stringify(await route.answer(visitor, dto)) };
    } catch (error) {
      // Refused input or a failed read: the API's own error answer, once (not asked again through the API).
      const { status, body } = apiErrorAnswer(error, `${read.method} ${read.url} (página)`, this.logger);
      return { status, body: JSON.stringify(body) };
    }
  }

  /** The session of the page's cookie; undefined when it must be left to the API (renewal due, database error). */
  private async visitor(cookieHeader: string | undefined): Promise<Visitor | undefined> {
    if (!cookieHeader) return null;
    const parseCookie = (
      this.adapterHost.httpAdapter.getInstance<FastifyInstance>() as unknown as {
        parseCookie: ParseCookie;
      }
    ).parseCookie;
    const token = parseCookie(cookieHeader)[SESSION_COOKIE];
    if (!token) return null;
    try {
      const found = await this.verifier.verify(token);
      if (!found) return null;
      // Renewing sets a cookie on the answer: the API's own route does that.
      const ageSeconds = this.clock.now().getTime() / 1000 - found.currentSession.issuedAt;
      return ageSeconds > SESSION_RENEW_AFTER_SECONDS ? undefined : found;
    } catch {
      return undefined;
    }
  }

  private route(read: PageRead): Route | undefined {
    this.routes ??= this.buildRoutes();
    return this.routes.get(`${read.method} ${read.url}`);
  }

  private buildRoutes(): Map<string, Route> {
    const get = <T>(type: Type<T>): T => this.moduleRef.get(type, { strict: false });
    const auth = get(AuthController);
    const studio = get(StudioController);
    const reservations = get(ReservationsController);
    const informacion = get(InformacionController);
    const planes = get(PlanesController);
    return new Map<string, Route>([
      [
        'GET /api/get-cookie',
        // The session check reads the user's whole record (see @CurrentAccount()).
        {
          session: 'required',
          answer: (visitor) => auth.getCookie(userFromRow(visitor!.accountRow as unknown as UserRow)),
        },
      ],
      ['GET /api/studio', { session: 'none', answer: () => studio.getStudio() }],
      [
        'GET /api/planes/get-planes',
        // Intro plans depend on who asks (see PlanesService.visibleCatalogue).
        { session: 'optional', answer: (visitor) => planes.getPlanes(visitor?.user ?? null) },
      ],
      [
        'POST /api/reservations/get-information',
        {
          session: 'optional',
          body: DateRequestDto,
          answer: (visitor, dto) => reservations.getInformation(visitor?.user ?? null, dto as DateRequestDto),
        },
      ],
      [
        'POST /api/informacion/get-planes',
        {
          session: 'required',
          body: GetUserPlanesDto,
          answer: (visitor, dto) => informacion.getUserPlanes(visitor!.user, dto as GetUserPlanesDto),
        },
      ],
    ]);
  }
}
