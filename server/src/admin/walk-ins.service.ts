import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AuthService, UsersService, userSnapshot } from '../auth';
import { AuditService } from '../core/audit/audit.service';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import type { SpotRef } from '../sala';
import { PasswordHasher } from '../core/security/password-hasher';
import { AttendanceService, BookingError, BookingErrorCode } from '../reservations';
import type { WalkInDto } from './dto/walk-in.dto';

export interface WalkInResult {
  reservationId: number;
  userId: number;
  name: string;
  paidAtStudio: boolean;
  newAccount: boolean;
  spot: SpotRef;
}

/**
 * admin/walk-in: a client arrives at the door without a reservation. An existing client, or a new
 * account opened on the spot (with a "set your password" mail), gets a free place through the
 * booking rules — from their plan when one covers the date, otherwise paid at the studio. The
 * account, the place, the audit entries and the welcome notification are one transaction: a full
 * class creates no account.
 */
@Injectable()
export class WalkInsService {
  constructor(
    private readonly attendance: AttendanceService,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
  ) {}

  async walkIn(admin: Caller, dto: WalkInDto): Promise<WalkInResult> {
    // An existing client is found in the users list: naming one by id needs that list's permission
    // (an instructor at their own class adds new clients only; the desk adds existing ones).
    if (dto.userId !== undefined) access.require(admin, Permission.UsersRead);
    const klass = await this.attendance.walkInClass(admin, dto.classReservation, dto.date);
    if (dto.userId !== undefined) {
      const client = await this.users.findById(dto.userId);
      if (!client || !client.active) throw new BookingError(BookingErrorCode.USER_NOT_FOUND);
      const place = await this.users.inTransaction(() =>
        this.attendance.walkInInside(admin, { ...klass, userId: client.id, spotId: dto.spot }),
      );
      return {
        ...place,
        userId: client.id,
        name: client.name,
        paidAtStudio: place.userPlanId === null,
        newAccount: false,
      };
    }
    // Nobody knows this password: the client chooses theirs through the welcome link.
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const { user, place } = await this.users.inTransaction(async () => {
      const created = await this.users.createInside({
        name: dto.name ?? '',
        email: dto.email ?? '',
        birthDate: dto.cumpleanos ?? '',
        passwordHash,
      });
      await this.audit.record(admin, {
        action: 'user.create',
        entityType: 'user',
        entityId: created.id,
        subjectUserId: created.id,
        after: userSnapshot(created),
      });
      const taken = await this.attendance.walkInInside(admin, { ...klass, userId: created.id, spotId: dto.spot });
      await this.auth.welcome(created);
      return { user: created, place: taken };
    });
    return { ...place, userId: user.id, name: user.name, paidAtStudio: place.userPlanId === null, newAccount: true };
  }
}
