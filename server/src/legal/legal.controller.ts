import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, Public, RequirePermission, SkipCsrf } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  AcceptLegalDocumentDto,
  LegalDocumentResponseDto,
  LegalVersionsResponseDto,
  MarketingConsentDto,
  MarketingConsentResponseDto,
  PendingAcceptancesResponseDto,
  PublishLegalDocumentDto,
} from './dto/legal.dto';
import { toLegalDocumentDto, toMarketingConsentResponse, toPendingAcceptanceDto } from './dto/legal.mappers';
import { LegalError, LegalErrorCode } from './legal.errors';
import { LEGAL_KINDS, type LegalKind } from './legal-kinds';
import { LegalService } from './legal.service';

/** A path's kind, or 404: `/legal/otro` names no text. */
function kindOf(value: string): LegalKind {
  if (!(LEGAL_KINDS as readonly string[]).includes(value))
    throw new LegalError(LegalErrorCode.LEGAL_DOCUMENT_NOT_FOUND);
  return value as LegalKind;
}

/** The legal texts as the site shows them: the version in force, every earlier one by its link. */
@ApiTags('legal')
@Controller('legal')
export class LegalController {
  constructor(private readonly legal: LegalService) {}

  @Public()
  @Get(':kind')
  @ApiParam({ name: 'kind', enum: LEGAL_KINDS })
  @ApiOkResponse({ type: LegalDocumentResponseDto, description: 'La versión vigente y su fecha.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'LEGAL_DOCUMENT_NOT_FOUND: aún no publicado.' })
  async getLegalDocument(@Param('kind') kind: string): Promise<LegalDocumentResponseDto> {
    return { success: true, ...toLegalDocumentDto(await this.legal.current(kindOf(kind))) };
  }

  @Public()
  @Get(':kind/versions')
  @ApiParam({ name: 'kind', enum: LEGAL_KINDS })
  @ApiOkResponse({ type: LegalVersionsResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Texto desconocido.' })
  async listLegalVersions(@Param('kind') kind: string): Promise<LegalVersionsResponseDto> {
    const versions = await this.legal.versions(kindOf(kind));
    return {
      success: true,
      versions: versions.map((v) => ({
        version: v.version,
        publishedAt: v.publishedAt.toISOString(),
        summary: v.summary,
      })),
    };
  }

  @Public()
  @Get(':kind/versions/:version')
  @ApiParam({ name: 'kind', enum: LEGAL_KINDS })
  @ApiParam({ name: 'version', type: Number })
  @ApiOkResponse({ type: LegalDocumentResponseDto, description: 'Una versión anterior (o la vigente).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'LEGAL_DOCUMENT_NOT_FOUND.' })
  async getLegalVersion(
    @Param('kind') kind: string,
    @Param('version') version: string,
  ): Promise<LegalDocumentResponseDto> {
    if (!/^[1-9][0-9]{0,8}$/.test(version)) throw new LegalError(LegalErrorCode.LEGAL_DOCUMENT_NOT_FOUND);
    return { success: true, ...toLegalDocumentDto(await this.legal.version(kindOf(kind), Number(version))) };
  }
}

/** "Textos legales" (admin): a new version of a text, with what changed. */
@ApiTags('admin')
@RequirePermission(Permission.SettingsManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/legal')
export class AdminLegalController {
  constructor(private readonly legal: LegalService) {}

  @Post('publish')
  @HttpCode(200)
  @ApiOkResponse({ type: LegalDocumentResponseDto, description: 'La nueva versión, vigente desde ahora.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos no válidos.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'LEGAL_PUBLISH_CONFLICT.' })
  async publishLegalDocument(@Body() dto: PublishLegalDocumentDto): Promise<LegalDocumentResponseDto> {
    return { success: true, ...toLegalDocumentDto(await this.legal.publish(dto.kind, dto.summary, dto.text)) };
  }
}

/** A client's consents: the new versions to accept before booking, and promotions (opt-in, one-click out). */
@ApiTags('informacion')
@Controller('consents')
export class ConsentsController {
  constructor(private readonly legal: LegalService) {}

  @Get('pending')
  @ApiOkResponse({ type: PendingAcceptancesResponseDto })
  async getPendingAcceptances(@CurrentUser() caller: Caller): Promise<PendingAcceptancesResponseDto> {
    return { success: true, pending: (await this.legal.pendingFor(caller.id)).map(toPendingAcceptanceDto) };
  }

  @Post('accept')
  @HttpCode(200)
  @ApiOkResponse({ type: PendingAcceptancesResponseDto, description: 'Aceptación guardada; lo que falta aceptar.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'LEGAL_DOCUMENT_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'LEGAL_VERSION_NOT_CURRENT: se publicó otra.' })
  async acceptLegalDocument(
    @CurrentUser() caller: Caller,
    @Body() dto: AcceptLegalDocumentDto,
    @Req() request: FastifyRequest,
  ): Promise<PendingAcceptancesResponseDto> {
    const pending = await this.legal.accept(caller.id, dto.kind, dto.version, request.ip);
    return { success: true, pending: pending.map(toPendingAcceptanceDto) };
  }

  @Get('marketing')
  @ApiOkResponse({ type: MarketingConsentResponseDto })
  async getMarketingConsent(@CurrentUser() caller: Caller): Promise<MarketingConsentResponseDto> {
    return toMarketingConsentResponse(await this.legal.marketingOf(caller.id));
  }

  @Post('marketing')
  @HttpCode(200)
  @ApiOkResponse({ type: MarketingConsentResponseDto, description: 'Promociones activadas o retiradas (un clic).' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async setMarketingConsent(
    @CurrentUser() caller: Caller,
    @Body() dto: MarketingConsentDto,
    @Req() request: FastifyRequest,
  ): Promise<MarketingConsentResponseDto> {
    return toMarketingConsentResponse(await this.legal.setMarketing(caller.id, dto.optIn, request.ip));
  }

  // The link of a promotional mail and its List-Unsubscribe-Post (RFC 8058): no session (the signed
  // token is the credential) and no CSRF header (a mail program posts it). Not part of the site's
  // API, so out of the OpenAPI document, like Mercado Pago's webhook.
  @Public()
  @SkipCsrf()
  @Get('marketing/unsubscribe/:token')
  @ApiExcludeEndpoint()
  async unsubscribeLink(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    await this.answerUnsubscribe(token, reply);
  }

  @Public()
  @SkipCsrf()
  @Post('marketing/unsubscribe/:token')
  @ApiExcludeEndpoint()
  async unsubscribeOneClick(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    await this.answerUnsubscribe(token, reply);
  }

  private async answerUnsubscribe(token: string, reply: FastifyReply): Promise<void> {
    const done = await this.legal.unsubscribe(token);
    await reply
      .status(done ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(unsubscribePage(done));
  }
}

/** The small Spanish page the unsubscribe link answers. */
function unsubscribePage(done: boolean): string {
  const title = done ? 'Ya no recibirás promociones' : 'Este enlace no es válido';
  const text = done
    ? 'Listo: no te enviaremos más promociones ni novedades. Los avisos de tus clases te seguirán llegando. Puedes volver a activarlas en Mi información.'
    : 'No pudimos reconocer este enlace. Puedes dejar de recibir promociones desde Mi información.';
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body>
  <main>
    <h1>${title}</h1>
    <p>${text}</p>
    <p><a href="/pilates/informacion">Ir a Mi información</a> · <a href="/pilates">Ir al inicio</a></p>
  </main>
</body>
</html>
`;
}
