import { Injectable } from '@nestjs/common';
import type { User } from '../auth/entities';
import { isDeletedAccount, type ProfileChanges, UsersService, userSnapshot } from '../auth';
import { AuditService, changedValues } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { isAdminRole, isInstructorRole } from '../core/auth/permissions';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { pageOf } from '../core/dto/pagination.dto';
import { PasswordHasher } from '../core/security/password-hasher';
import { InstructorsService } from '../instructors';
import { WhatsAppConsentsService } from '../notifications';
import { AttendanceService, BookingService } from '../reservations';
import { AdminError, AdminErrorCode } from './admin.errors';
import { toAdminUserRow } from './dto/admin.mappers';
import { toAdminWhatsApp, type AdminWhatsAppResponseDto } from './dto/admin-whatsapp.dto';
import type { AddUserDto, AdminUserRowDto, GetUsersDto, UsersListResponseDto } from './dto/admin-users.dto';

/**
 * The admin's user tools ("Usuarios"). Two rules hold under any interleaving of
 * requests: an admin never deactivates or demotes themself, and one active admin always remains.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    readonly transactions: TransactionService,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly booking: BookingService,
    private readonly audit: AuditService,
    private readonly attendance: AttendanceService,
    private readonly instructors: InstructorsService,
    private readonly whatsapp: WhatsAppConsentsService,
  ) {}

  /** informacion/get-users: newest first, optionally those whose name or email contains `search`. */
  async list(dto: GetUsersDto): Promise<Omit<UsersListResponseDto, 'success'>> {
    const page = dto.pagination ?? 1;
    const limit = dto.limit ?? 10;
    const [users, totalRecords] = await this.users.pageOf(dto.search || undefined, {
      offset: (page - 1) * limit,
      limit,
    });
    // The page's attendance in one grouped read, not one per user.
    const counts = await this.attendance.countsOf(users.map((user) => user.id));
    return {
      usuarios: users.map((user) => toAdminUserRow(user, counts.get(user.id))),
      pagination: pageOf(page, limit, totalRecords),
    };
  }

  /** admin/get-user: one user's account and attendance, by their id (two reads by key). */
  async one(userId: number): Promise<AdminUserRowDto> {
    const user = await this.users.getById(userId);
    const counts = await this.attendance.countsOf([user.id]);
    return toAdminUserRow(user, counts.get(user.id));
  }

  /** admin/get-user-whatsapp: a client's WhatsApp consent and last messages (404 for no such user). */
  async whatsappOf(userId: number): Promise<AdminWhatsAppResponseDto> {
    const user = await this.users.getById(userId);
    return toAdminWhatsApp(await this.whatsapp.historyOf(user.id));
  }

  /** admin/add-user: a new active client account. */
  async create(admin: Caller, dto: AddUserDto): Promise<User> {
    const passwordHash = await this.hasher.hash(dto.password);
    return this.users.inTransaction(async () => {
      const user = await this.users.createInside({
        name: dto.name,
        email: dto.email,
        birthDate: dto.cumpleanos,
        passwordHash,
      });
      await this.audit.record(admin, {
        action: 'user.create',
        entityType: 'user',
        entityId: user.id,
        subjectUserId: user.id,
        after: userSnapshot(user),
      });
      return user;
    });
  }

  /**
   * admin/change-data (and change-info-user when an admin edits anyone): profile and role.
   * `currentPasswordChecked`: the caller proved their password (Mi información), which is what
   * allows changing one's own email.
   */
  async change(admin: Caller, userId: number, changes: ProfileChanges, currentPasswordChecked = false): Promise<User> {
    return this.users.inTransaction(async () => {
      // Any role but the admin's takes the admin's rights away (a no-op for someone who had none).
      if (changes.role !== undefined && !isAdminRole(changes.role)) {
        if (userId === admin.id) throw new AdminError(AdminErrorCode.SELF_DEMOTION);
        await this.assertAnotherActiveAdmin(userId);
      }
      const { user, before } = await this.users.changeInside(userId, changes);
      // One's own email changes only through Mi información, which asks for the current password
      // (a stolen admin session must not be able to move the account's reset mails elsewhere).
      if (userId === admin.id && user.email !== before.email && !currentPasswordChecked) {
        throw new AdminError(AdminErrorCode.SELF_EMAIL_CHANGE);
      }
      const diff = changedValues(before, userSnapshot(user));
      if (diff) {
        await this.audit.record(admin, {
          action: 'user.update',
          entityType: 'user',
          entityId: user.id,
          subjectUserId: user.id,
          ...diff,
        });
      }
      // An instructor has a profile (created with their name, or their old one made active again);
      // one who goes back to being a client keeps it, inactive, so their classes keep the name.
      if (isInstructorRole(user.role) && !isInstructorRole(before.role)) {
        await this.instructors.accountBecameInstructor(admin, user);
      } else if (isInstructorRole(before.role) && !isInstructorRole(user.role) && !isAdminRole(user.role)) {
        await this.instructors.accountStoppedTeaching(admin, user);
      }
      return user;
    });
  }

  /**
   * admin/delete-user: the account is deactivated, not erased (its payments and history stay).
   * Its sessions end at once, and its upcoming reservations are cancelled with their classes
   * returned to their plans.
   */
  async deactivate(admin: Caller, userId: number): Promise<{ user: User; cancelledReservations: number }> {
    if (userId === admin.id) throw new AdminError(AdminErrorCode.SELF_DEACTIVATION);
    return this.transactions.run(async () => {
      const user = await this.users.getById(userId);
      if (!user.active) return { user, cancelledReservations: 0 };
      // Only an admin's deactivation can leave the studio without one (and needs the admins' lock).
      if (isAdminRole(user.role)) await this.assertAnotherActiveAdmin(userId);
      await this.users.deactivate(userId);
      const cancelled = await this.booking.cancelUpcomingOf(userId, admin.id);
      await this.audit.record(admin, {
        action: 'user.deactivate',
        entityType: 'user',
        entityId: userId,
        subjectUserId: userId,
        before: { active: true },
        after: { active: false, cancelledReservations: cancelled.length },
      });
      user.active = false;
      return { user, cancelledReservations: cancelled.length };
    });
  }

  /** admin/active-user. */
  @InTransaction()
  async activate(admin: Caller, userId: number): Promise<User> {
    const user = await this.users.getById(userId);
    if (user.active) return user;
    if (isDeletedAccount(user.email)) throw new AdminError(AdminErrorCode.ACCOUNT_DELETED);
    user.active = true;
    await this.users.activate(userId);
    await this.audit.record(admin, {
      action: 'user.activate',
      entityType: 'user',
      entityId: userId,
      subjectUserId: userId,
      before: { active: false },
      after: { active: true },
    });
    return user;
  }

  /**
   * Refuses to take away `userId`'s admin rights when no other active admin would remain.
   * On MySQL the active admins' rows are locked first, so two admins removing each other at
   * the same moment are serialised and the second sees the first's change; SQLite runs one
   * transaction at a time already.
   */
  private async assertAnotherActiveAdmin(userId: number): Promise<void> {
    const ids = await this.users.activeAdminIds(!this.transactions.isSqlite);
    if (ids.includes(userId) && ids.length < 2) throw new AdminError(AdminErrorCode.LAST_ADMIN);
  }
}
