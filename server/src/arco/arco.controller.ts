import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, OptionalUser, PublicWithOptionalSession, RequirePermission } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { ArcoRateLimitGuard } from './arco-rate-limit.guard';
import { ArcoError, ArcoErrorCode } from './arco.errors';
import { ArcoService } from './arco.service';
import {
  ArcoRequestResponseDto,
  ArcoRequestsResponseDto,
  ChangeArcoStatusDto,
  SubmitArcoRequestDto,
  SubmitArcoRequestResponseDto,
} from './dto/arco.dto';
import { toArcoRequestDto } from './dto/arco.mappers';

/** «Ejercer mis derechos ARCO»: anyone's request, with or without an account (linked when logged in). */
@ApiTags('informacion')
@Controller('arco-request')
export class ArcoController {
  constructor(private readonly arco: ArcoService) {}

  @PublicWithOptionalSession()
  @UseGuards(ArcoRateLimitGuard)
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({
    type: SubmitArcoRequestResponseDto,
    description: 'Solicitud recibida: su folio y vencimiento.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos no válidos (campo → mensajes).' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'ARCO_TOO_MANY_REQUESTS: límite por hora.' })
  async submitArcoRequest(
    @OptionalUser() caller: Caller | null,
    @Body() dto: SubmitArcoRequestDto,
    @Req() request: FastifyRequest,
  ): Promise<SubmitArcoRequestResponseDto> {
    const saved = await this.arco.submit(dto, caller, request.ip);
    return { success: true, folio: saved.folio, dueDate: saved.dueDate };
  }
}

/** «Solicitudes ARCO» (admin): every request with its deadline, and its answer. */
@ApiTags('admin')
@RequirePermission(Permission.ArcoManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/arco-requests')
export class AdminArcoController {
  constructor(private readonly arco: ArcoService) {}

  @Get()
  @ApiOkResponse({ type: ArcoRequestsResponseDto })
  async listArcoRequests(): Promise<ArcoRequestsResponseDto> {
    return { success: true, requests: (await this.arco.list()).map(toArcoRequestDto) };
  }

  @Post(':id/status')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: Number })
  @ApiOkResponse({ type: ArcoRequestResponseDto, description: 'La solicitud con su nuevo estado.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos no válidos; responder pide la respuesta.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'ARCO_REQUEST_NOT_FOUND.' })
  async changeArcoRequestStatus(
    @CurrentUser() caller: Caller,
    @Param('id') id: string,
    @Body() dto: ChangeArcoStatusDto,
  ): Promise<ArcoRequestResponseDto> {
    if (!/^[1-9][0-9]{0,8}$/.test(id)) throw new ArcoError(ArcoErrorCode.ARCO_REQUEST_NOT_FOUND);
    const view = await this.arco.changeStatus(caller, Number(id), dto.status, dto.responseNote);
    return { success: true, request: toArcoRequestDto(view) };
  }
}
