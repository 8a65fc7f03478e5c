import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { toUserDto, UsersService } from '../auth';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { AdminWhatsAppResponseDto } from './dto/admin-whatsapp.dto';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { AdminUsersService } from './admin-users.service';
import {
  AddUserDto,
  AdminUserResponseDto,
  ChangeDataDto,
  DeactivateUserResponseDto,
  AdminUserRowResponseDto,
  GetUsersDto,
  UserIdDto,
  UsersListResponseDto,
} from './dto/admin-users.dto';

/** The admin's "Usuarios" page: the list, new accounts, edits, deactivation, at the paths the client has always called. */
@ApiTags('admin')
@RequirePermission(Permission.UsersManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller()
export class AdminUsersController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly accounts: UsersService,
  ) {}

  @RequirePermission(Permission.UsersRead)
  @Post('informacion/get-users')
  @HttpCode(200)
  @ApiOkResponse({ type: UsersListResponseDto, description: 'Los usuarios, el más reciente primero.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getUsers(@Body() dto: GetUsersDto): Promise<UsersListResponseDto> {
    return { success: true, ...(await this.users.list(dto)) };
  }

  @RequirePermission(Permission.UsersRead)
  @Post('admin/get-user')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminUserRowResponseDto, description: 'Un usuario, para su ficha.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'USER_NOT_FOUND.' })
  async getUser(@Body() dto: UserIdDto): Promise<AdminUserRowResponseDto> {
    return { success: true, user: await this.users.one(dto.id) };
  }

  @RequirePermission(Permission.UsersRead)
  @Post('admin/get-user-whatsapp')
  @HttpCode(200)
  @ApiOkResponse({
    type: AdminWhatsAppResponseDto,
    description: 'El consentimiento de WhatsApp de un usuario y sus últimos mensajes con su estado.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'USER_NOT_FOUND.' })
  async getUserWhatsApp(@Body() dto: UserIdDto): Promise<AdminWhatsAppResponseDto> {
    return this.users.whatsappOf(dto.id);
  }

  @Post('admin/add-user')
  @HttpCode(201)
  @ApiCreatedResponse({ type: AdminUserResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Ya existe una cuenta con ese correo.' })
  async addUser(@CurrentUser() admin: Caller, @Body() dto: AddUserDto): Promise<AdminUserResponseDto> {
    const user = await this.users.create(admin, dto);
    // A new account has no favourite reformer yet.
    return { success: true, message: 'Usuario creado con éxito', user: toUserDto(user, null) };
  }

  @Post('admin/change-data')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminUserResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'EMAIL_TAKEN, SELF_DEMOTION, LAST_ADMIN.' })
  async changeData(@CurrentUser() admin: Caller, @Body() dto: ChangeDataDto): Promise<AdminUserResponseDto> {
    const user = await this.users.change(admin, dto.id_user, {
      name: dto.name,
      email: dto.email,
      birthDate: dto.cumpleanos,
      role: dto.role,
    });
    return {
      success: true,
      message: 'Usuario cambiado con éxito',
      user: toUserDto(user, await this.accounts.favouriteSpotOf(user)),
    };
  }

  @Post('admin/delete-user')
  @HttpCode(200)
  @ApiOkResponse({
    type: DeactivateUserResponseDto,
    description: 'La cuenta queda inactiva: su sesión termina y sus reservas próximas se cancelan.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'SELF_DEACTIVATION, LAST_ADMIN.' })
  async deleteUser(@CurrentUser() admin: Caller, @Body() dto: UserIdDto): Promise<DeactivateUserResponseDto> {
    const { user, cancelledReservations } = await this.users.deactivate(admin, dto.id);
    return {
      success: true,
      message: 'Usuario eliminado con éxito',
      user: toUserDto(user, await this.accounts.favouriteSpotOf(user)),
      cancelledReservations,
    };
  }

  @Post('admin/active-user')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminUserResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'ACCOUNT_DELETED: la cuenta fue eliminada a petición.' })
  async activeUser(@CurrentUser() admin: Caller, @Body() dto: UserIdDto): Promise<AdminUserResponseDto> {
    const user = await this.users.activate(admin, dto.id);
    return {
      success: true,
      message: 'Usuario activado con éxito',
      user: toUserDto(user, await this.accounts.favouriteSpotOf(user)),
    };
  }
}
