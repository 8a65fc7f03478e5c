import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { AppConfig } from '../config/app-config';
import { StudioSettingsService } from '../settings/studio-settings.service';
import { StudioResponseDto } from './studio.dto';

/**
 * The studio facts the client needs: its time zone (configuration), and from the owner's settings
 * the policy figures the pages state and how to reach the studio.
 */
@ApiTags('studio')
@Controller('studio')
export class StudioController {
  constructor(
    private readonly config: AppConfig,
    private readonly settings: StudioSettingsService,
  ) {}

  @Public()
  @Get()
  // The owner changes these on "Ajustes" and they apply at once: browsers ask again each time.
  @Header('cache-control', 'no-cache')
  @ApiOkResponse({ type: StudioResponseDto })
  async getStudio(): Promise<StudioResponseDto> {
    const settings = await this.settings.current();
    return {
      success: true,
      timeZone: this.config.studioTimeZone,
      cancelHours: settings.cancelHours,
      lateCancelReleases: settings.lateCancelReleases,
      autoNoShows: settings.autoNoShows,
      strikeRule: settings.strikeRule,
      contact: settings.contact,
    };
  }
}
