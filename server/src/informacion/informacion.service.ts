import { Injectable } from '@nestjs/common';
import { AdminUsersService } from '../admin/admin-users.service';
import { UsersService } from '../auth/users.service';
import type { User } from '../auth/entities/user.entity';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import type { ChangeInfoUserDto } from './dto/change-info-user.dto';

@Injectable()
export class InformacionService {
  constructor(
    private readonly users: UsersService,
    private readonly adminUsers: AdminUsersService,
  ) {}

  /** A user changes their own data; an admin anyone's, and that change is audited (product-decisions §3). */
  async changeInfo(caller: User, dto: ChangeInfoUserDto): Promise<User> {
    const targetId = dto.id_user ?? caller.id;
    const changes = { name: dto.name, email: dto.email, birthDate: dto.cumpleanos };
    if (caller.role === 'admin') return this.adminUsers.change(caller, targetId, changes);
    if (targetId !== caller.id) throw new ApiError(ErrorCode.FORBIDDEN);
    return this.users.updateProfile(targetId, changes);
  }
}
