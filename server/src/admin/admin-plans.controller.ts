import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { toUserPlanDto } from '../planes';
import { AdminPlansService } from './admin-plans.service';
import {
  AddCatalogPlanDto,
  AddPlanAdminDto,
  AdminCatalogPlanResponseDto,
  AdminCatalogResponseDto,
  CatalogPlanIdDto,
  ChangeCatalogPlanDto,
  ChangeDataPlanDto,
  UserPlanResponseDto,
} from './dto/admin-plans.dto';

/** Plans given to users (at the paths the client has always called) and the catalogue editor beside them. */
@ApiTags('admin')
@RequirePermission(Permission.CatalogueManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller()
export class AdminPlansController {
  constructor(private readonly plans: AdminPlansService) {}

  @RequirePermission(Permission.PlansGrant)
  @Post('planes/add-plan-admin')
  @HttpCode(201)
  @ApiCreatedResponse({ type: UserPlanResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'USER_NOT_FOUND, PLAN_NOT_FOUND.' })
  async addPlanAdmin(@CurrentUser() admin: Caller, @Body() dto: AddPlanAdminDto): Promise<UserPlanResponseDto> {
    const { user, plan } = await this.plans.giveToUser(admin, dto);
    return { success: true, message: `Se creó un plan para el usuario ${user.name}`, plan: toUserPlanDto(plan) };
  }

  @RequirePermission(Permission.PlansGrant)
  @Post('admin/change-data-plan')
  @HttpCode(200)
  @ApiOkResponse({ type: UserPlanResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'USER_PLAN_NOT_FOUND.' })
  async changeDataPlan(@CurrentUser() admin: Caller, @Body() dto: ChangeDataPlanDto): Promise<UserPlanResponseDto> {
    const plan = await this.plans.changeUserPlan(admin, dto);
    return { success: true, message: 'Información de plan cambiada con éxito', plan: toUserPlanDto(plan) };
  }

  @Get('planes/catalogo')
  @ApiOkResponse({ type: AdminCatalogResponseDto, description: 'Todo el catálogo, también los planes ocultos.' })
  async catalogue(): Promise<AdminCatalogResponseDto> {
    return { success: true, planes: await this.plans.catalogue() };
  }

  @Post('planes/catalogo/add')
  @HttpCode(201)
  @ApiCreatedResponse({ type: AdminCatalogPlanResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async addCataloguePlan(
    @CurrentUser() admin: Caller,
    @Body() dto: AddCatalogPlanDto,
  ): Promise<AdminCatalogPlanResponseDto> {
    const plan = await this.plans.addToCatalogue(admin, dto);
    return { success: true, message: 'Plan agregado al catálogo', plan };
  }

  @Post('planes/catalogo/change')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminCatalogPlanResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async changeCataloguePlan(
    @CurrentUser() admin: Caller,
    @Body() dto: ChangeCatalogPlanDto,
  ): Promise<AdminCatalogPlanResponseDto> {
    const plan = await this.plans.changeInCatalogue(admin, dto);
    return { success: true, message: 'Plan del catálogo cambiado', plan };
  }

  @Post('planes/catalogo/hide')
  @HttpCode(200)
  @ApiOkResponse({
    type: AdminCatalogPlanResponseDto,
    description: 'Los clientes dejan de verlo y de poder comprarlo.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async hideCataloguePlan(
    @CurrentUser() admin: Caller,
    @Body() dto: CatalogPlanIdDto,
  ): Promise<AdminCatalogPlanResponseDto> {
    const plan = await this.plans.setVisible(admin, dto.id, false);
    return { success: true, message: 'Plan oculto para los clientes', plan };
  }

  @Post('planes/catalogo/show')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminCatalogPlanResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async showCataloguePlan(
    @CurrentUser() admin: Caller,
    @Body() dto: CatalogPlanIdDto,
  ): Promise<AdminCatalogPlanResponseDto> {
    const plan = await this.plans.setVisible(admin, dto.id, true);
    return { success: true, message: 'Plan visible para los clientes', plan };
  }
}
