import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  AddInstructorDto,
  ChangeInstructorDto,
  InstructorProfileResponseDto,
  InstructorProfilesResponseDto,
} from './dto/instructors.dto';
import { InstructorsService } from './instructors.service';

/** "Instructores": the instructors' profiles. */
@ApiTags('admin')
@RequirePermission(Permission.InstructorsManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/instructores')
export class AdminInstructorsController {
  constructor(private readonly instructors: InstructorsService) {}

  @Get()
  @ApiOkResponse({ type: InstructorProfilesResponseDto, description: 'Todos los perfiles, activos o no.' })
  async listInstructors(): Promise<InstructorProfilesResponseDto> {
    return { success: true, instructores: await this.instructors.list() };
  }

  @Post('add')
  @HttpCode(200)
  @ApiOkResponse({ type: InstructorProfileResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos no válidos; INSTRUCTOR_ACCOUNT_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'INSTRUCTOR_ACCOUNT_TAKEN.' })
  async addInstructor(
    @CurrentUser() admin: Caller,
    @Body() dto: AddInstructorDto,
  ): Promise<InstructorProfileResponseDto> {
    return { success: true, message: 'Instructor agregado', instructor: await this.instructors.add(admin, dto) };
  }

  @Post('change')
  @HttpCode(200)
  @ApiOkResponse({
    type: InstructorProfileResponseDto,
    description: 'Un cambio de nombre llega al horario y a sus clases.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos no válidos; INSTRUCTOR_ACCOUNT_NOT_FOUND.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'INSTRUCTOR_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'INSTRUCTOR_ACCOUNT_TAKEN.' })
  async changeInstructor(
    @CurrentUser() admin: Caller,
    @Body() dto: ChangeInstructorDto,
  ): Promise<InstructorProfileResponseDto> {
    return { success: true, message: 'Instructor guardado', instructor: await this.instructors.change(admin, dto) };
  }
}
