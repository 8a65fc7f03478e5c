import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentSession, CurrentUser, Public } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import type { CurrentSessionInfo } from '../core/auth/session';
import { SessionService } from '../core/auth/session.service';
import { SuccessResponseDto } from '../core/dto/success.dto';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { AuthRateLimitGuard } from './auth-rate-limit.guard';
import { AuthService } from './auth.service';
import { UsersService } from './users.service';
import { CurrentAccount } from './current-account.decorator';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import {
  ForgotPasswordDto,
  ForgotPasswordResponseDto,
  ResetPasswordDto,
  ResetTokenDto,
} from './dto/password-reset.dto';
import { RegisterDto } from './dto/register.dto';
import { UserResponseDto, toUserDto } from './dto/user.dto';
import type { User } from './entities/user.entity';

export const FORGOT_PASSWORD_ANSWER = 'Te enviamos un correo con el enlace para cambiar tu contraseña.';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly users: UsersService,
  ) {}

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @Post('auth/register')
  @ApiCreatedResponse({ type: UserResponseDto, description: 'La cuenta se creó y la sesión quedó iniciada.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Ya existe una cuenta con ese correo.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  async register(
    @Body() dto: RegisterDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserResponseDto> {
    const user = await this.auth.register(dto, request.ip);
    await this.sessions.start(reply, user);
    // A new account has no favourite reformer yet.
    return { success: true, user: toUserDto(user, null) };
  }

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @Post('auth/login')
  @HttpCode(200)
  @ApiOkResponse({ type: UserResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Email o contraseña incorrectos.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'La cuenta está inactiva.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserResponseDto> {
    const user = await this.auth.login(dto);
    await this.sessions.start(reply, user);
    return { success: true, user: toUserDto(user, await this.users.favouriteSpotOf(user)) };
  }

  // Public so that a browser with an expired cookie can still clear it.
  @Public()
  @Post('auth/logout')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessResponseDto, description: 'La sesión queda revocada en el servidor.' })
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponseDto> {
    await this.sessions.end(request, reply);
    return { success: true };
  }

  @Post('auth/logout-all')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessResponseDto, description: 'Todas las sesiones del usuario quedan revocadas.' })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'No hay sesión.' })
  async logoutAll(
    @CurrentUser() user: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SuccessResponseDto> {
    await this.sessions.revokeAll(user.id);
    this.sessions.clear(reply);
    return { success: true };
  }

  @Post('auth/change-password')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessResponseDto, description: 'La contraseña cambió; las demás sesiones terminaron.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos inválidos o contraseña actual incorrecta.' })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'No hay sesión.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  async changePassword(
    @CurrentAccount() user: User,
    @CurrentSession() session: CurrentSessionInfo,
    @Body() dto: ChangePasswordDto,
  ): Promise<SuccessResponseDto> {
    await this.auth.changePassword(user, dto.currentPassword, dto.newPassword, session.id);
    return { success: true };
  }

  @Get('get-cookie')
  @Header('cache-control', 'no-store')
  @ApiOkResponse({ type: UserResponseDto, description: 'El usuario de la sesión; nunca el token.' })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'No hay sesión.' })
  async getCookie(@CurrentAccount() user: User): Promise<UserResponseDto> {
    return { success: true, user: toUserDto(user, await this.users.favouriteSpotOf(user)) };
  }

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOkResponse({
    type: ForgotPasswordResponseDto,
    description: 'La misma respuesta exista o no el correo.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  async forgotPassword(@Body() dto: ForgotPasswordDto): Promise<ForgotPasswordResponseDto> {
    await this.auth.requestPasswordReset(dto.email);
    return { success: true, message: FORGOT_PASSWORD_ANSWER };
  }

  // Not rate limited: a token is 256 random bits, and the server's own page render asks this
  // in-process for every visitor, who would all share one address here.
  @Public()
  @Post('reset-password/check')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessResponseDto, description: 'El enlace aún sirve (no se gasta).' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'RESET_TOKEN_INVALID: vencido, ya usado o inexistente.',
  })
  async checkResetToken(@Body() dto: ResetTokenDto): Promise<SuccessResponseDto> {
    await this.auth.checkResetToken(dto.token);
    return { success: true };
  }

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @Post('reset-password')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos inválidos o enlace vencido o ya usado.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<SuccessResponseDto> {
    await this.auth.resetPassword(dto.token, dto.password);
    return { success: true };
  }
}
