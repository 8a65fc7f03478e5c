import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../core/auth/auth.decorators';
import { CatalogueResponseDto } from './dto/catalogue.dto';
import { PlanesService } from './planes.service';

@ApiTags('planes')
@Controller('planes')
export class PlanesController {
  constructor(private readonly planes: PlanesService) {}

  @Public()
  @Get('get-planes')
  // The same for everyone: shared caches may keep it a minute (every other /api answer is no-store).
  @Header('cache-control', 'public, max-age=60')
  @ApiOkResponse({ type: CatalogueResponseDto, description: 'El catálogo visible de planes.' })
  async getPlanes(): Promise<CatalogueResponseDto> {
    return { success: true, planes: await this.planes.visibleCatalogue() };
  }
}
