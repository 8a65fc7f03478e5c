import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  ApproveCoverDto,
  CoverDecisionResponseDto,
  CoverRequestIdDto,
  OpenCoverRequestsResponseDto,
} from './dto/teaching.dto';
import { CoverRequestsService } from './cover-requests.service';

/**
 * The owner's side of cover requests ("Horario"): approving names a substitute, as set-substitute
 * does, so it takes the same permission (the timetable's).
 */
@ApiTags('admin')
@RequirePermission(Permission.TimetableManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/cover-requests')
export class AdminCoverRequestsController {
  constructor(private readonly covers: CoverRequestsService) {}

  @Get()
  @ApiOkResponse({ type: OpenCoverRequestsResponseDto })
  async listCoverRequests(): Promise<OpenCoverRequestsResponseDto> {
    return { success: true, data: await this.covers.open() };
  }

  @Post('approve')
  @HttpCode(200)
  @ApiOkResponse({ type: CoverDecisionResponseDto, description: 'Aprobada: el suplente da la clase.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'COVER_SAME_INSTRUCTOR, INSTRUCTOR_NOT_AVAILABLE.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'COVER_REQUEST_NOT_FOUND, CLASS_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'COVER_REQUEST_CLOSED, CLASS_STARTED, CLASS_CANCELLED.',
  })
  async approveCover(@CurrentUser() admin: Caller, @Body() dto: ApproveCoverDto): Promise<CoverDecisionResponseDto> {
    const { substitute, told } = await this.covers.approve(admin, dto.id, dto.substituteId);
    const clients = told === 1 ? '1 cliente' : `${told} clientes`;
    return {
      success: true,
      message:
        told > 0
          ? `Aprobada: ${substitute} da la clase. Avisamos a ${clients}.`
          : `Aprobada: ${substitute} da la clase.`,
    };
  }

  @Post('decline')
  @HttpCode(200)
  @ApiOkResponse({ type: CoverDecisionResponseDto, description: 'Rechazada: la clase sigue con su instructor.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'COVER_REQUEST_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'COVER_REQUEST_CLOSED.' })
  async declineCover(@CurrentUser() admin: Caller, @Body() dto: CoverRequestIdDto): Promise<CoverDecisionResponseDto> {
    await this.covers.decline(admin, dto.id);
    return { success: true, message: 'Rechazaste la petición: la clase sigue con su instructor.' };
  }
}
