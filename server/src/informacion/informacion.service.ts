import { Injectable } from '@nestjs/common';
import { AdminUsersService } from '../admin';
import { AuthService, UsersService, type ChangeInfoUserDto } from '../auth';
import type { User } from '../auth/entities';
import { access } from '../core/auth/access';
import { Permission } from '../core/auth/permissions';
import { TransactionService } from '../core/database/transaction.service';

@Injectable()
export class InformacionService {
  constructor(
    private readonly users: UsersService,
    private readonly adminUsers: AdminUsersService,
    private readonly auth: AuthService,
    private readonly transactions: TransactionService,
  ) {}

  /**
   * A user changes their own data; an admin anyone's, and that change is audited.
   * Changing one's own email needs the current password, and the old address is told.
   */
  async changeInfo(caller: User, dto: ChangeInfoUserDto): Promise<User> {
    const targetId = dto.id_user ?? caller.id;
    const changes = { name: dto.name, email: dto.email, birthDate: dto.cumpleanos };
    access.require(caller, Permission.UsersManage, { ownerId: targetId });
    const ownEmailChange = targetId === caller.id && dto.email !== undefined && dto.email !== caller.email;
    if (ownEmailChange) await this.auth.verifyCurrentPassword(caller, dto.currentPassword);
    // The change and the notice to the old address are one transaction. Whoever manages users
    // changes profiles through the audited path, their own included.
    return this.transactions.run(async () => {
      const user = access.can(caller, Permission.UsersManage)
        ? await this.adminUsers.change(caller, targetId, changes, ownEmailChange)
        : await this.users.updateProfile(targetId, changes);
      if (ownEmailChange) await this.auth.notifyEmailChanged(user, caller.email, user.email);
      return user;
    });
  }
}
