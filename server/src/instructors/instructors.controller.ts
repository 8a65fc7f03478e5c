import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../core/auth/auth.decorators';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { InstructorPageResponseDto, PublicInstructorDto } from './dto/instructors.dto';
import { InstructorError, InstructorErrorCode } from './instructors.errors';
import { InstructorsService } from './instructors.service';

/** A slug as the service makes them: lower-case letters, digits and hyphens. */
const SLUG = /^[a-z0-9-]{1,80}$/;

/** "Nuestros instructores": the active profiles and each one's page, for everyone. */
@ApiTags('instructores')
@Controller('instructores')
export class InstructorsController {
  constructor(private readonly instructors: InstructorsService) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: [PublicInstructorDto], description: 'Los instructores activos, en su orden.' })
  async listPublicInstructors(@Res({ passthrough: true }) reply?: FastifyReply): Promise<PublicInstructorDto[]> {
    // The same for everyone: shared caches may keep it a minute, as the plan catalogue.
    reply?.header('cache-control', 'public, max-age=60');
    return this.instructors.publicList();
  }

  @Public()
  @Get(':slug')
  @ApiParam({ name: 'slug', example: 'ana-lopez' })
  @ApiOkResponse({ type: InstructorPageResponseDto, description: 'El perfil y sus clases de los próximos 14 días.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'INSTRUCTOR_NOT_FOUND.' })
  async getInstructorPage(
    @Param('slug') slug: string,
    @Res({ passthrough: true }) reply?: FastifyReply,
  ): Promise<InstructorPageResponseDto> {
    if (!SLUG.test(slug)) throw new InstructorError(InstructorErrorCode.INSTRUCTOR_NOT_FOUND);
    const page = await this.instructors.page(slug);
    reply?.header('cache-control', 'public, max-age=60');
    return { success: true, ...page };
  }
}
