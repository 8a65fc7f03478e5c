import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { AppConfig } from '../config/app-config';
import { StudioResponseDto } from './studio.dto';

/** The studio facts the client needs from the server's configuration: its time zone and the free-cancellation window. */
@ApiTags('studio')
@Controller('studio')
export class StudioController {
  constructor(private readonly config: AppConfig) {}

  @Public()
  @Get()
  // They change only with a redeploy: browsers may keep the answer for a few minutes.
  @Header('cache-control', 'public, max-age=300')
  @ApiOkResponse({ type: StudioResponseDto })
  getStudio(): StudioResponseDto {
    return { success: true, timeZone: this.config.studioTimeZone, cancelHours: this.config.cancelHours };
  }
}
