import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser, Public, RequirePermission } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  AddClassTypeDto,
  ChangeClassTypeDto,
  ClassTypeResponseDto,
  ClassTypesResponseDto,
  PublicClassTypesResponseDto,
} from './dto/class-types.dto';
import { ClassTypesService } from './class-types.service';

/** "Tipos de clase" (admin): the kinds of class the timetable's entries are. */
@ApiTags('admin')
@RequirePermission(Permission.TimetableManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/class-types')
export class AdminClassTypesController {
  constructor(private readonly types: ClassTypesService) {}

  @Get()
  @ApiOkResponse({ type: ClassTypesResponseDto, description: 'Todos los tipos, activos o no.' })
  async listClassTypes(): Promise<ClassTypesResponseDto> {
    return { success: true, tiposDeClase: await this.types.list() };
  }

  @Post('add')
  @HttpCode(200)
  @ApiOkResponse({ type: ClassTypeResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos no válidos.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CLASS_TYPE_NAME_TAKEN.' })
  async addClassType(@CurrentUser() admin: Caller, @Body() dto: AddClassTypeDto): Promise<ClassTypeResponseDto> {
    return { success: true, message: 'Tipo de clase agregado', tipoDeClase: await this.types.add(admin, dto) };
  }

  @Post('change')
  @HttpCode(200)
  @ApiOkResponse({ type: ClassTypeResponseDto, description: 'El cambio llega a todas las clases del tipo.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos no válidos.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'CLASS_TYPE_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CLASS_TYPE_NAME_TAKEN.' })
  async changeClassType(@CurrentUser() admin: Caller, @Body() dto: ChangeClassTypeDto): Promise<ClassTypeResponseDto> {
    return { success: true, message: 'Tipo de clase guardado', tipoDeClase: await this.types.change(admin, dto) };
  }
}

/** The active class types: the booking page's filter. */
@ApiTags('tipos-de-clase')
@Controller('tipos-de-clase')
export class ClassTypesController {
  constructor(private readonly types: ClassTypesService) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: PublicClassTypesResponseDto })
  async listPublicClassTypes(): Promise<PublicClassTypesResponseDto> {
    return { success: true, tiposDeClase: await this.types.publicList() };
  }
}
