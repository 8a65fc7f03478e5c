import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
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
  AskCoverDto,
  CoverRequestIdDto,
  CoverRequestResponseDto,
  TeachingClassesResponseDto,
  TeachingRangeDto,
} from './dto/teaching.dto';
import { toCoverRequestDto } from './dto/teaching.mappers';
import { CoverRequestsService } from './cover-requests.service';
import { TeachingService } from './teaching.service';

/**
 * "Mis clases a impartir": an instructor's own classes with their rosters, and their requests for
 * a substitute. Attendance and walk-ins go through the admin's routes (mark-attendance,
 * admin/walk-in), which check the class is theirs.
 */
@ApiTags('instructor')
@RequirePermission(Permission.ClassesTeach)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo instructores.' })
@Controller('instructor')
export class TeachingController {
  constructor(
    private readonly teaching: TeachingService,
    private readonly covers: CoverRequestsService,
  ) {}

  @Post('classes')
  @HttpCode(200)
  @ApiOkResponse({
    type: TeachingClassesResponseDto,
    description: 'Las clases que imparte quien llama, con sus inscritos.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Fechas no válidas o un periodo de más de 31 días.' })
  async teachingClasses(
    @CurrentUser() caller: Caller,
    @Body() dto: TeachingRangeDto,
  ): Promise<TeachingClassesResponseDto> {
    return { success: true, data: await this.teaching.classes(caller, dto.from, dto.to) };
  }

  @Post('cover-requests')
  @HttpCode(201)
  @ApiCreatedResponse({ type: CoverRequestResponseDto, description: 'La petición quedó abierta para el estudio.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'NOT_YOUR_CLASS: la clase no es de quien llama.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'CLASS_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'COVER_CLASS_PAST, COVER_CLASS_CANCELLED, COVER_ALREADY_OPEN.',
  })
  async askCover(@CurrentUser() caller: Caller, @Body() dto: AskCoverDto): Promise<CoverRequestResponseDto> {
    const request = await this.covers.ask(caller, dto);
    return {
      success: true,
      message: 'Pediste un suplente. El estudio te avisará cuando lo apruebe.',
      coverRequest: toCoverRequestDto(request, null),
    };
  }

  @Post('cover-requests/withdraw')
  @HttpCode(200)
  @ApiOkResponse({ type: CoverRequestResponseDto, description: 'La petición quedó retirada.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'NOT_YOUR_REQUEST.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'COVER_REQUEST_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'COVER_REQUEST_CLOSED.' })
  async withdrawCover(@CurrentUser() caller: Caller, @Body() dto: CoverRequestIdDto): Promise<CoverRequestResponseDto> {
    const request = await this.covers.withdraw(caller, dto.id);
    return {
      success: true,
      message: 'Retiraste tu petición de suplente.',
      coverRequest: toCoverRequestDto(request, null),
    };
  }
}
