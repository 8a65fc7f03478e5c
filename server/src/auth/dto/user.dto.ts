import { ApiProperty } from '@nestjs/swagger';
import { SpotRefDto, type SpotRef } from '../../sala';
import { ROLES, type Role, User } from '../entities/user.entity';

/** The session user, as every endpoint answers it. */
export class UserDto {
  @ApiProperty({ example: 12 })
  id!: number;

  @ApiProperty({ example: 'Ana López' })
  name!: string;

  @ApiProperty({ example: 'ana@example.com' })
  email!: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  phone!: string | null;

  @ApiProperty({ enum: ROLES, example: 'user' })
  role!: Role;

  @ApiProperty({ description: 'Fecha de nacimiento, YYYY-MM-DD.', example: '1990-05-17' })
  cumpleanos!: string;

  @ApiProperty({
    type: SpotRefDto,
    nullable: true,
    description: 'El reformer favorito: «Cualquiera» lo da primero si está libre. null: ninguno, o ya retirado.',
  })
  favouriteSpot!: SpotRefDto | null;
}

/** `favouriteSpot`: the user's live favourite reformer (UsersService.favouriteSpotOf), or null. */
export const toUserDto = (user: User, favouriteSpot: SpotRef | null): UserDto => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  role: user.role,
  cumpleanos: user.birthDate,
  favouriteSpot: favouriteSpot ? { id: favouriteSpot.id, label: favouriteSpot.label } : null,
});

export class UserResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: UserDto })
  user!: UserDto;
}
