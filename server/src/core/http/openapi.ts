import { AUDIT_ACTION_FIELDS, AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_FIELDS } from '../audit/audit-fields';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Permission, ROLE_PERMISSIONS } from '../auth/permissions';
import { CSRF_HEADER_VALUE } from '../auth/csrf.guard';
import { ErrorResponseDto } from '../errors/error-response.dto';
import { OPERATION_SUMMARIES } from './operation-summaries';

/** Sorts object keys so the written document does not depend on module load order. */
const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
};

/**
 * The API's OpenAPI document. `strict` (the generator behind server/openapi.json, which CI checks):
 * every operation has its summary and every summary its operation; the server itself writes what it has.
 */
export function buildOpenApiDocument(app: INestApplication, { strict = false } = {}): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Estudio Pilates Reformer API')
    .setDescription(
      'API del sitio de reservas. Las respuestas correctas llevan `success: true`; los errores, `{success: false, error, code}`. ' +
        'Toda solicitud que cambia datos debe enviar el encabezado `X-Requested-With: pilates-web`.',
    )
    .setVersion('1.0.0')
    .addCookieAuth(
      'session',
      { type: 'apiKey', in: 'cookie', name: 'session', description: 'La sesión (cookie HttpOnly).' },
      'cookie',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-Requested-With',
        description: `Toda solicitud que cambia datos lleva \`X-Requested-With: ${CSRF_HEADER_VALUE}\` (protección CSRF); sin él responde 403 CSRF_HEADER_MISSING.`,
      },
      'requestedWith',
    )
    // Relative to the site: the document describes whichever address serves it.
    .addServer('/')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorResponseDto],
    operationIdFactory: (_controllerKey, methodKey) => methodKey,
  });
  // The role table travels with the document (each guarded operation names its own in
  // `x-permission`): the client's generator writes it into src/api/generated/permissions.ts.
  const permissions = { names: Object.fromEntries(Object.entries(Permission)), roles: ROLE_PERMISSIONS };
  // What the audit log records (actions with their Spanish labels, each action's fields, each field's kind of value): the
  // client's generator writes it into src/api/generated/audit.ts, and its test labels every one.
  const audit = {
    actions: AUDIT_ACTION_NAMES,
    actionLabels: AUDIT_ACTIONS,
    actionFields: AUDIT_ACTION_FIELDS,
    fields: AUDIT_FIELDS,
  };
  describeAccess(document, strict);
  return sortKeys({ ...document, 'x-permissions': permissions, 'x-audit': audit }) as OpenAPIObject;
}

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponseDto' } } };

/** Appends `text` to a response's description, or documents the response with it. */
function documentError(
  responses: Record<string, { description?: string; content?: unknown }>,
  status: string,
  text: string,
) {
  const known = responses[status];
  if (!known) responses[status] = { description: text, content: errorContent };
  else if (!known.description?.includes(text)) {
    known.description = known.description ? `${known.description} ${text}` : text;
    known.content ??= errorContent;
  }
}

/**
 * Per operation, from the marks the guards read (`x-session` from @Public/@PublicWithOptionalSession,
 * `x-skip-csrf` from @SkipCsrf): which calls need the session cookie (and answer 401 without it),
 * which need the X-Requested-With header (and answer 403 without it), and each call's summary
 * (operation-summaries.ts). Strict: an operation without a summary, or a summary without an
 * operation, stops the document being written.
 */
function describeAccess(document: OpenAPIObject, strict: boolean): void {
  const seen = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, Record<string, unknown>][]) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const id = String(operation.operationId);
      seen.add(id);
      const summary = OPERATION_SUMMARIES[id];
      if (summary) operation.summary = summary;
      else if (strict) throw new Error(`La operación ${id} no tiene resumen en core/http/operation-summaries.ts`);
      const session = (operation['x-session'] as 'none' | 'optional' | undefined) ?? 'required';
      const csrf = STATE_CHANGING.has(method) && operation['x-skip-csrf'] !== true;
      const withCsrf = (requirement: Record<string, string[]>) =>
        csrf ? { ...requirement, requestedWith: [] } : requirement;
      operation.security =
        session === 'none'
          ? csrf
            ? [withCsrf({})]
            : []
          : session === 'optional'
            ? [withCsrf({}), withCsrf({ cookie: [] })]
            : [withCsrf({ cookie: [] })];
      const responses = operation.responses as Record<string, { description?: string; content?: unknown }>;
      if (session === 'required') documentError(responses, '401', 'UNAUTHENTICATED: sin sesión, o la sesión venció.');
      // A body or a path parameter goes through the ValidationPipe: bad input is a 400.
      const parameters = (operation.parameters as unknown[] | undefined) ?? [];
      if (operation.requestBody || parameters.length > 0) {
        documentError(responses, '400', 'VALIDATION_ERROR: datos no válidos (el mensaje dice cuáles).');
      }
      if (csrf) documentError(responses, '403', 'CSRF_HEADER_MISSING: falta el encabezado X-Requested-With.');
      delete operation['x-session'];
      delete operation['x-skip-csrf'];
    }
  }
  const stale = Object.keys(OPERATION_SUMMARIES).filter((id) => !seen.has(id));
  if (strict && stale.length > 0)
    throw new Error(`Resúmenes sin operación en core/http/operation-summaries.ts: ${stale.join(', ')}`);
}
