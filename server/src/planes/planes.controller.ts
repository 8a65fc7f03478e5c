import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { OptionalUser, PublicWithOptionalSession } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { CatalogueResponseDto } from './dto/catalogue.dto';
import { PlanesService } from './planes.service';

@ApiTags('planes')
@Controller('planes')
export class PlanesController {
  constructor(private readonly planes: PlanesService) {}

  @PublicWithOptionalSession()
  @Get('get-planes')
  @ApiOkResponse({
    type: CatalogueResponseDto,
    description:
      'El catálogo visible de planes. Los planes "Solo primera vez" se muestran a visitantes y a quien aún puede comprarlos.',
  })
  async getPlanes(
    @OptionalUser() caller: Caller | null,
    @Res({ passthrough: true }) reply?: FastifyReply,
  ): Promise<CatalogueResponseDto> {
    // A visitor's answer is the same for everyone: shared caches may keep it a minute (every other
    // /api answer is no-store). A client's depends on whether the intro offer is still theirs.
    reply?.header('cache-control', caller ? 'private, no-store' : 'public, max-age=60');
    reply?.header('vary', 'cookie');
    return { success: true, planes: await this.planes.visibleCatalogue(caller) };
  }
}
