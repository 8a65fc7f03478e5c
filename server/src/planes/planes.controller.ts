import { Controller, Get } from '@nestjs/common';
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
  @ApiOkResponse({ type: CatalogueResponseDto, description: 'El catálogo visible de planes.' })
  async getPlanes(): Promise<CatalogueResponseDto> {
    return { success: true, planes: await this.planes.visibleCatalogue() };
  }
}
