import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../core/auth/auth.decorators';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { PHOTO_FILE } from './instructor-photos';
import { InstructorError, InstructorErrorCode } from './instructors.errors';
import { PhotoStore } from './photo-store';

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

/** The instructors' photo files, for everyone: immutable (a new photo has a new name). */
@ApiTags('instructores')
@Controller('fotos/instructores')
export class InstructorPhotosController {
  constructor(private readonly photos: PhotoStore) {}

  @Public()
  @Get(':file')
  @ApiParam({
    name: 'file',
    example: '7-3f2a9c0d1e4b5a69-96.avif',
    description: '<id>-<hash>-<96|192|480>.<avif|webp>',
  })
  @ApiOkResponse({
    description: 'La imagen; se guarda en caché un año (su nombre cambia con la foto).',
    content: {
      'image/avif': { schema: { type: 'string', format: 'binary' } },
      'image/webp': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'INSTRUCTOR_NOT_FOUND: no hay tal foto.' })
  async getInstructorPhoto(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const match = PHOTO_FILE.exec(file);
    const found = match ? await this.photos.read(file) : null;
    if (!match || !found)
      throw new InstructorError(InstructorErrorCode.INSTRUCTOR_NOT_FOUND, 'No encontramos esa foto.');
    await reply
      .header('content-type', CONTENT_TYPES[match[3] as keyof typeof CONTENT_TYPES])
      .header('content-length', String(found.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.stream);
  }
}
