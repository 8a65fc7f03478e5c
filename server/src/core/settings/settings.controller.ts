import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../auth/auth.decorators';
import type { Caller } from '../auth/caller';
import { Permission } from '../auth/permissions';
import { ErrorResponseDto } from '../errors/error-response.dto';
import { ChangeSettingsDto, ChangeSettingsResponseDto, SettingsResponseDto } from './dto/settings.dto';
import { StudioSettingsService } from './studio-settings.service';

/** The owner's "Ajustes": the studio's rules and contact, changed without a developer. */
@ApiTags('admin')
@RequirePermission(Permission.SettingsManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/settings')
export class SettingsController {
  constructor(private readonly settings: StudioSettingsService) {}

  @Get()
  @ApiOkResponse({ type: SettingsResponseDto, description: 'Los ajustes en vigor y sus advertencias.' })
  async getSettings(): Promise<SettingsResponseDto> {
    const settings = await this.settings.current();
    return { success: true, settings, warnings: this.settings.warningsOf(settings) };
  }

  @Post('change')
  @HttpCode(200)
  @ApiOkResponse({ type: ChangeSettingsResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_ERROR: campo → mensajes en español.' })
  async changeSettings(
    @CurrentUser() admin: Caller,
    @Body() dto: ChangeSettingsDto,
  ): Promise<ChangeSettingsResponseDto> {
    const result = await this.settings.change(admin, dto);
    return {
      success: true,
      message: result.changed ? 'Ajustes guardados.' : 'No había cambios que guardar.',
      settings: result.settings,
      warnings: result.warnings,
    };
  }
}
