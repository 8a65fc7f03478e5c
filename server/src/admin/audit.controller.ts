import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { AuditService } from '../core/audit/audit.service';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { AuditResponseDto, GetAuditDto } from './dto/audit.dto';
import { toAuditEntryDto } from './dto/audit.mappers';

/** The admin page "Auditoría": every change an admin made, newest first. */
@ApiTags('admin')
@RequirePermission(Permission.AuditRead)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Post('get-audit')
  @HttpCode(200)
  @ApiOkResponse({ type: AuditResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getAudit(@Body() dto: GetAuditDto): Promise<AuditResponseDto> {
    const { rows, pagination } = await this.audit.list({
      page: dto.pagination ?? 1,
      limit: dto.limit ?? 20,
      userId: dto.userId,
      action: dto.action,
      from: dto.from,
      to: dto.to,
    });
    return { success: true, entries: rows.map(toAuditEntryDto), pagination };
  }
}
