import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { InstructorPayReportResponseDto, MyPayResponseDto, PayMonthDto } from './dto/instructor-pay.dto';
import { InstructorPayService } from './instructor-pay.service';

const MONTH_REFUSED = 'Mes no válido, anterior a enero de 2000 o posterior al mes en curso.';

/** "Pago a instructores": each instructor's classes of a month and what they earned, and its CSV. */
@ApiTags('admin')
@RequirePermission(Permission.InstructorPayRead)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin')
export class InstructorPayController {
  constructor(private readonly pay: InstructorPayService) {}

  @Post('instructor-pay')
  @HttpCode(200)
  @ApiOkResponse({ type: InstructorPayReportResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: MONTH_REFUSED })
  async getInstructorPay(@Body() dto: PayMonthDto): Promise<InstructorPayReportResponseDto> {
    return { success: true, ...(await this.pay.report(dto.month)) };
  }

  /** A download link (GET with the session cookie), as the dashboard's exports. */
  @Get('export/instructor-pay.csv')
  // The file is text/csv; its errors are the API's JSON errors like any other.
  @ApiOkResponse({
    description: 'CSV UTF-8 con BOM: una fila por clase, el total de cada instructor y el total general.',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: MONTH_REFUSED })
  async exportInstructorPay(
    @Query() dto: PayMonthDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.pay.exportCsv(dto.month);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.body;
  }
}

/** "Mi pago": an instructor's own month, and nobody else's. */
@ApiTags('instructores')
@Controller('instructor')
export class MyPayController {
  constructor(private readonly pay: InstructorPayService) {}

  @Post('pay')
  @HttpCode(200)
  @ApiOkResponse({ type: MyPayResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: MONTH_REFUSED })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'La cuenta no es de un instructor con perfil en el estudio.',
  })
  async getMyPay(@CurrentUser() caller: Caller, @Body() dto: PayMonthDto): Promise<MyPayResponseDto> {
    return { success: true, ...(await this.pay.mine(caller, dto.month)) };
  }
}
