import { AUDIT_ACTION_FIELDS, AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_FIELDS } from '../audit/audit-fields';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Permission, ROLE_PERMISSIONS } from '../auth/permissions';
import { ErrorResponseDto } from '../errors/error-response.dto';

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

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Estudio Pilates Reformer API')
    .setDescription(
      'API del sitio de reservas. Las respuestas correctas llevan `success: true`; los errores, `{success: false, error, code}`. ' +
        'Toda solicitud que cambia datos debe enviar el encabezado `X-Requested-With: pilates-web`.',
    )
    .setVersion('1.0.0')
    .addCookieAuth('session')
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
  return sortKeys({ ...document, 'x-permissions': permissions, 'x-audit': audit }) as OpenAPIObject;
}
