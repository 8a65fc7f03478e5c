import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { RegisterDto, UserDto, ChangeInfoUserDto } from '../../auth';
import { ROLES, type Role } from '../../core/auth/caller';
import { Trim } from '../../core/dto/transforms';
import { NormalizeText } from '../../core/dto/text';
import { PaginationDto } from '../../core/dto/pagination.dto';
import { MAX_ID, MAX_PAGE } from '../../core/dto/validators';

const USER_ID_MESSAGE = 'El usuario no es válido';

/** The body of informacion/get-users: page, page size (10 by default) and an optional search. */
export class GetUsersDto {
  @ApiPropertyOptional({ description: 'Página, desde 1.', default: 1 })
  @IsOptional()
  @Max(MAX_PAGE, { message: 'La página no es válida' })
  @Min(1, { message: 'La página no es válida' })
  @IsInt({ message: 'La página no es válida' })
  pagination?: number;

  @ApiPropertyOptional({ description: 'Tamaño de página.', default: 10, maximum: 50 })
  @IsOptional()
  @Max(50, { message: 'El tamaño de página no es válido' })
  @Min(1, { message: 'El tamaño de página no es válido' })
  @IsInt({ message: 'El tamaño de página no es válido' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Busca por nombre o email (contiene).', maxLength: 120 })
  @Trim()
  @NormalizeText()
  @IsOptional()
  @MaxLength(120, { message: 'La búsqueda es demasiado larga' })
  @IsString({ message: 'La búsqueda no es válida' })
  search?: string;
}

/** A row of the admin's users table. */
export class AdminUserRowDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ana López' })
  name!: string;

  @ApiProperty({ example: 'ana@example.com' })
  email!: string;

  @ApiProperty({ example: '1990-05-17' })
  cumpleanos!: string;

  @ApiProperty({ enum: ROLES })
  role!: Role;

  @ApiProperty({ enum: [0, 1], description: '1 activo, 0 inactivo.' })
  active!: 0 | 1;

  @ApiProperty({ example: 7, description: 'Clases a las que asistió (marcadas en la puerta).' })
  attended!: number;

  @ApiProperty({ example: 1, description: 'Clases a las que no asistió.' })
  noShow!: number;
}

export class UsersListResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [AdminUserRowDto] })
  usuarios!: AdminUserRowDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

/** admin/add-user: the registration rules without the terms. */
// Consent to WhatsApp is the client's own act (Mi información, registration), never the admin's.
export class AddUserDto extends OmitType(RegisterDto, [
  'terms',
  'whatsapp',
  'whatsappConsent',
  'marketingConsent',
] as const) {}

/** admin/change-data: every field optional but the user; the role is user, instructor or admin. */
export class ChangeDataDto extends OmitType(ChangeInfoUserDto, ['id_user', 'currentPassword'] as const) {
  @ApiPropertyOptional({ enum: ROLES })
  @IsOptional()
  @IsIn(ROLES, { message: 'El rol debe ser Usuario, Instructor o Administrador' })
  role?: Role;

  @ApiProperty({ description: 'El usuario a cambiar.' })
  @Max(MAX_ID, { message: USER_ID_MESSAGE })
  @Min(1, { message: USER_ID_MESSAGE })
  @IsInt({ message: USER_ID_MESSAGE })
  id_user!: number;
}

/** admin/delete-user and admin/active-user. */
export class UserIdDto {
  @ApiProperty()
  @Max(MAX_ID, { message: USER_ID_MESSAGE })
  @Min(1, { message: USER_ID_MESSAGE })
  @IsInt({ message: USER_ID_MESSAGE })
  id!: number;
}

export class AdminUserResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Usuario creado con éxito' })
  message!: string;

  @ApiProperty({ type: UserDto })
  user!: UserDto;
}

export class DeactivateUserResponseDto extends AdminUserResponseDto {
  @ApiProperty({ description: 'Reservas próximas canceladas; sus clases volvieron a los planes.' })
  cancelledReservations!: number;
}

/** admin/get-user: one client's account for their page ("Ficha del cliente"). */
export class AdminUserRowResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: AdminUserRowDto })
  user!: AdminUserRowDto;
}
