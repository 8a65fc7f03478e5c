import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { PlanEndingRemindersService } from '../planes';
import { DashboardService, EXPORT_KINDS, type ExportKind } from './dashboard.service';
import { DashboardResponseDto, PeriodDto, SendPlanReminderDto, SendPlanReminderResponseDto } from './dto/dashboard.dto';

/** The owner's dashboard ("Panel"), its CSV exports and the "send reminder" action. */
@ApiTags('admin')
@RequirePermission(Permission.DashboardRead)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin')
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly reminders: PlanEndingRemindersService,
  ) {}

  @Post('dashboard')
  @HttpCode(200)
  @ApiOkResponse({ type: DashboardResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'Fechas no válidas, periodo de más de 366 días, antes de 2000 o que termina más de 366 días después de hoy.',
  })
  async getDashboard(@Body() dto: PeriodDto): Promise<DashboardResponseDto> {
    return { success: true, ...(await this.dashboard.figures(dto)) };
  }

  /**
   * A download link (GET with the session cookie): no CSRF header needed, nothing changes. The file
   * streams as it is read (a year's export holds a week of rows at a time).
   */
  @RequirePermission(Permission.ExportsRead)
  @Get('export/:kind.csv')
  @ApiParam({ name: 'kind', enum: EXPORT_KINDS })
  // The file is text/csv; its errors are the API's JSON errors like any other.
  @ApiOkResponse({
    description: 'CSV UTF-8 con BOM, una fila de encabezados.',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'El mismo periodo que el panel.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Tipo de exportación desconocido.' })
  async exportCsv(
    @Param('kind') kind: string,
    @Query() period: PeriodDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    if (!(EXPORT_KINDS as readonly string[]).includes(kind)) {
      throw new ApiError(ErrorCode.NOT_FOUND, 'Esa exportación no existe.');
    }
    const file = await this.dashboard.exportCsv(kind as ExportKind, period);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.body;
  }

  @RequirePermission(Permission.RemindersSend)
  @Post('dashboard/send-reminder')
  @HttpCode(200)
  @ApiOkResponse({ type: SendPlanReminderResponseDto, description: 'Una sola vez por plan: repetirlo no envía otro.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'USER_PLAN_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'PLAN_NOT_ENDING.' })
  async sendPlanReminder(
    @CurrentUser() admin: Caller,
    @Body() dto: SendPlanReminderDto,
  ): Promise<SendPlanReminderResponseDto> {
    const outcome = await this.reminders.sendFor(admin, dto.userPlanId);
    return {
      success: true,
      sent: outcome.sent,
      sentAt: outcome.sentAt.toISOString(),
      message: outcome.sent ? 'Recordatorio enviado' : 'El recordatorio de este plan ya se había enviado',
    };
  }
}
