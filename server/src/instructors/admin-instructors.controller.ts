import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  AddInstructorDto,
  ChangeInstructorDto,
  InstructorProfileResponseDto,
  InstructorProfilesResponseDto,
  RemoveInstructorPhotoDto,
} from './dto/instructors.dto';
import { InstructorsService } from './instructors.service';
import { readPhotoUpload } from './photo-upload';

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

  @Post('photo')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['instructorId', 'file'],
      properties: {
        instructorId: { type: 'integer', description: 'El perfil.' },
        file: { type: 'string', format: 'binary', description: 'JPG, PNG o WebP de hasta 8 MB.' },
      },
    },
  })
  @ApiOkResponse({
    type: InstructorProfileResponseDto,
    description: 'La foto, recortada en cuadro y guardada en AVIF y WebP de 96, 192 y 480 px; la anterior se borra.',
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'PHOTO_MISSING; PHOTO_NOT_AN_IMAGE (no es JPG, PNG o WebP); PHOTO_HIDDEN_CONTENT (datos tras la imagen, ' +
      'marcado o código: un archivo políglota); PHOTO_TOO_MANY_PIXELS; PHOTO_TOO_SMALL.',
  })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'PHOTO_TOO_LARGE: más de 8 MB.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'INSTRUCTOR_NOT_FOUND.' })
  async uploadInstructorPhoto(
    @CurrentUser() admin: Caller,
    @Req() request: FastifyRequest,
  ): Promise<InstructorProfileResponseDto> {
    const { instructorId, bytes } = await readPhotoUpload(request);
    return {
      success: true,
      message: 'Foto guardada',
      instructor: await this.instructors.changePhoto(admin, instructorId, bytes),
    };
  }

  @Post('remove-photo')
  @HttpCode(200)
  @ApiOkResponse({ type: InstructorProfileResponseDto, description: 'Sin foto: el sitio muestra sus iniciales.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos no válidos.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'INSTRUCTOR_NOT_FOUND.' })
  async removeInstructorPhoto(
    @CurrentUser() admin: Caller,
    @Body() dto: RemoveInstructorPhotoDto,
  ): Promise<InstructorProfileResponseDto> {
    return { success: true, message: 'Foto quitada', instructor: await this.instructors.removePhoto(admin, dto.id) };
  }
}
