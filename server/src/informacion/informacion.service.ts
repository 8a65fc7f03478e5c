import { Injectable } from '@nestjs/common';
import { UsersService } from '../auth/users.service';
import type { User } from '../auth/entities/user.entity';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import type { ChangeInfoUserDto } from './dto/change-info-user.dto';

@Injectable()
export class InformacionService {
  constructor(private readonly users: UsersService) {}

  /** A user changes their own data; an admin anyone's (product-decisions §3). */
  async changeInfo(caller: User, dto: ChangeInfoUserDto): Promise<User> {
    const targetId = dto.id_user ?? caller.id;
    if (targetId !== caller.id && caller.role !== 'admin') throw new ApiError(ErrorCode.FORBIDDEN);
    return this.users.updateProfile(targetId, { name: dto.name, email: dto.email, birthDate: dto.cumpleanos });
  }
}
