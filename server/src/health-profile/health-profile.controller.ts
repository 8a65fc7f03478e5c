import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, RequirePermission, RequirePermissionOrTeaching } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  HealthProfileQueryDto,
  HealthProfileResponseDto,
  HealthProfileViewsResponseDto,
  MyHealthProfileResponseDto,
  SaveHealthProfileDto,
  SENSITIVE_CONSENT_TEXT,
} from './dto/health-profile.dto';
import { toHealthProfileDto, toHealthProfileViewDto } from './dto/health-profile.mappers';
import { HealthProfileService } from './health-profile.service';

/** Mi información: the client's own health questionnaire and emergency contact. */
@ApiTags('informacion')
@Controller('informacion/health')
export class MyHealthProfileController {
  constructor(private readonly health: HealthProfileService) {}

  @Get()
  @ApiOkResponse({ type: MyHealthProfileResponseDto, description: 'El cuestionario de quien llama, o null.' })
  async getMyHealthProfile(@CurrentUser() caller: Caller): Promise<MyHealthProfileResponseDto> {
    const profile = await this.health.mine(caller.id);
    return { success: true, consentText: SENSITIVE_CONSENT_TEXT, profile: profile && toHealthProfileDto(profile) };
  }

  // POST, as every change of this API (the CSRF, fuzz and contract suites cover POST and GET).
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: HealthProfileResponseDto, description: 'El cuestionario guardado, con su consentimiento.' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Falta el consentimiento expreso, una respuesta o el detalle de un sí; teléfono no válido.',
  })
  async saveMyHealthProfile(
    @CurrentUser() caller: Caller,
    @Body() dto: SaveHealthProfileDto,
    @Req() request: FastifyRequest,
  ): Promise<HealthProfileResponseDto> {
    return { success: true, profile: toHealthProfileDto(await this.health.save(caller.id, dto, request.ip)) };
  }
}

/** A client's questionnaire read by staff from a roster: admins, or the instructor of the class. */
@ApiTags('health-profiles')
@Controller('health-profiles')
export class HealthProfilesController {
  constructor(private readonly health: HealthProfileService) {}

  // Admins read any; an instructor gets through the guard for the service to check the class is theirs.
  @RequirePermissionOrTeaching(Permission.HealthRead, Permission.ClassesTeach)
  @Get(':userId')
  @ApiOkResponse({ type: HealthProfileResponseDto, description: 'El cuestionario; la lectura queda registrada.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Identificador no válido.' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'Ni administrador ni instructor de una clase en la que esa persona tiene lugar.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'HEALTH_PROFILE_NOT_FOUND: aún no lo llena.' })
  async getHealthProfile(
    @CurrentUser() caller: Caller,
    @Param('userId', ParseIntPipe) userId: number,
    @Query() query: HealthProfileQueryDto,
  ): Promise<HealthProfileResponseDto> {
    const classId = query.classId === undefined ? null : Number(query.classId);
    return { success: true, profile: toHealthProfileDto(await this.health.read(caller, userId, classId)) };
  }
}

/** Admin: who read a client's questionnaire, and when. */
@ApiTags('admin')
@RequirePermission(Permission.HealthRead)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/users')
export class AdminHealthViewsController {
  constructor(private readonly health: HealthProfileService) {}

  @Get(':id/health-views')
  @ApiOkResponse({ type: HealthProfileViewsResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Identificador no válido.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'El usuario no existe.' })
  async getHealthProfileViews(@Param('id', ParseIntPipe) id: number): Promise<HealthProfileViewsResponseDto> {
    return { success: true, views: (await this.health.viewsOf(id)).map(toHealthProfileViewDto) };
  }
}
