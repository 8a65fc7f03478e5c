import { Injectable } from '@nestjs/common';
import { addDays, isoWeekday, to12Hour } from '@pilates/dates';
import { UsersService, userSnapshot } from '../auth';
import type { User } from '../auth/entities';
import { AuditService, changedValues } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { INSTRUCTOR_ROLE, isAdminRole, isInstructorRole } from '../core/auth/permissions';
import { StudioClock } from '../core/clock/studio-clock';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import type {
  AddInstructorDto,
  ChangeInstructorDto,
  InstructorClassDto,
  InstructorProfileDto,
  PublicInstructorDto,
} from './dto/instructors.dto';
import type { Instructor } from './entities/instructor.entity';
import { freeInstructorSlug, instructorSlugBase } from './instructor-names';
import { instructorPhotoUrl } from './instructor-photos';
import { InstructorError, InstructorErrorCode } from './instructors.errors';
import { InstructorsRepository } from './instructors.repository';
import { renderPhoto } from './photo-images';
import { PhotoStore } from './photo-store';

/** How far ahead an instructor's page lists their classes. */
export const INSTRUCTOR_PAGE_DAYS = 14;

/** A profile as the audit log shows it. */
const snapshot = (instructor: Instructor, accountEmail: string | null) => ({
  name: instructor.name,
  bio: instructor.bio,
  specialties: instructor.specialties.join(', '),
  active: instructor.active,
  sortOrder: instructor.sortOrder,
  account: accountEmail,
  payPerClass: instructor.payPerClassCents / 100,
  payPerAttendee: instructor.payPerAttendeeCents / 100,
  payAttendeeThreshold: instructor.payAttendeeThreshold,
});

export const toPublicInstructor = (instructor: Instructor): PublicInstructorDto => ({
  id: instructor.id,
  name: instructor.name,
  slug: instructor.slug,
  // Without a photo the pages show the instructor's initials.
  photoUrl: instructorPhotoUrl(instructor.photo),
  bio: instructor.bio,
  specialties: instructor.specialties,
});

/**
 * The instructors' profiles: the admin's "Instructores", the account that becomes an instructor
 * (Usuarios), the timetable's choice of instructor, and the public pages. A rename reaches every
 * timetable entry and class that names the profile, in the same transaction.
 */
@Injectable()
export class InstructorsService {
  constructor(
    private readonly instructors: InstructorsRepository,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly clock: StudioClock,
    readonly transactions: TransactionService,
    private readonly photos: PhotoStore,
  ) {}

  /** Every profile, active or not, with its account's email. */
  async list(): Promise<InstructorProfileDto[]> {
    const all = await this.instructors.all();
    const emails = await this.instructors.emailsOf(all.flatMap((i) => (i.userId === null ? [] : [i.userId])));
    return all.map((instructor) => this.toDto(instructor, emails));
  }

  /** The active profiles, for the site and the Horario select. */
  async publicList(): Promise<PublicInstructorDto[]> {
    return (await this.instructors.active()).map(toPublicInstructor);
  }

  @InTransaction()
  async add(admin: Caller, dto: AddInstructorDto): Promise<InstructorProfileDto> {
    const account = dto.accountEmail ? await this.accountFor(dto.accountEmail) : null;
    const saved = await this.insert({
      name: dto.name,
      bio: dto.bio ?? '',
      specialties: dto.specialties ?? [],
      sortOrder: dto.sortOrder ?? 0,
      userId: account?.id ?? null,
      active: true,
      payPerClassCents: dto.payPerClassCents ?? 0,
      payPerAttendeeCents: dto.payPerAttendeeCents ?? 0,
      payAttendeeThreshold: dto.payAttendeeThreshold ?? 0,
      photo: null,
    });
    await this.audit.record(admin, {
      action: 'instructor.create',
      entityType: 'instructor',
      entityId: saved.id,
      subjectUserId: account?.id ?? null,
      after: snapshot(saved, account?.email ?? null),
    });
    if (account) await this.makeInstructor(admin, account);
    return this.toDto(saved, new Map(account ? [[account.id, account.email]] : []));
  }

  @InTransaction()
  async change(admin: Caller, dto: ChangeInstructorDto): Promise<InstructorProfileDto> {
    const instructor = await this.instructors.byId(dto.id);
    if (!instructor) throw new InstructorError(InstructorErrorCode.INSTRUCTOR_NOT_FOUND);
    const emailsBefore = await this.instructors.emailsOf(instructor.userId === null ? [] : [instructor.userId]);
    const before = snapshot(
      instructor,
      instructor.userId === null ? null : (emailsBefore.get(instructor.userId) ?? null),
    );

    let account: User | null | undefined;
    if (dto.accountEmail === null) account = null;
    else if (dto.accountEmail !== undefined) account = await this.accountFor(dto.accountEmail, instructor.id);

    const renamed = dto.name !== undefined && dto.name !== instructor.name;
    if (dto.name !== undefined) instructor.name = dto.name;
    if (renamed) instructor.slug = await this.freeSlug(instructor.name, instructor.id);
    if (dto.bio !== undefined) instructor.bio = dto.bio;
    if (dto.specialties !== undefined) instructor.specialties = dto.specialties;
    if (dto.active !== undefined) instructor.active = dto.active;
    if (dto.sortOrder !== undefined) instructor.sortOrder = dto.sortOrder;
    if (dto.payPerClassCents !== undefined) instructor.payPerClassCents = dto.payPerClassCents;
    if (dto.payPerAttendeeCents !== undefined) instructor.payPerAttendeeCents = dto.payPerAttendeeCents;
    if (dto.payAttendeeThreshold !== undefined) instructor.payAttendeeThreshold = dto.payAttendeeThreshold;
    if (account !== undefined) instructor.userId = account?.id ?? null;

    const saved = await this.saveUnique(instructor);
    if (renamed) await this.instructors.renameEverywhere(saved.id, saved.name);
    const email = account === undefined ? before.account : (account?.email ?? null);
    const diff = changedValues(before, snapshot(saved, email));
    if (diff) {
      await this.audit.record(admin, {
        action: 'instructor.update',
        entityType: 'instructor',
        entityId: saved.id,
        subjectUserId: saved.userId,
        before: { name: before.name, ...diff.before },
        after: diff.after,
      });
    }
    if (account) await this.makeInstructor(admin, account);
    return this.toDto(saved, new Map(saved.userId !== null && email !== null ? [[saved.userId, email]] : []));
  }

  /**
   * A new photo for the profile: checked and made into the site's files (every size and format),
   * written to disk before the profile names it, audited; the files of the photo it replaces are
   * removed once the change is committed, the new ones if it is not.
   */
  async changePhoto(admin: Caller, instructorId: number, upload: Buffer): Promise<InstructorProfileDto> {
    const current = await this.instructors.byId(instructorId);
    if (!current) throw new InstructorError(InstructorErrorCode.INSTRUCTOR_NOT_FOUND);
    const rendered = await renderPhoto(upload);
    const key = `${instructorId}-${rendered.hash}`;
    // The same image again: its files are there already, and nothing changes.
    if (current.photo === key) return this.profileOf(current);
    await this.photos.write(key, rendered.variants);
    let named: { replaced: string | null; profile: InstructorProfileDto };
    try {
      named = await this.transactions.run(() => this.namePhoto(admin, instructorId, key));
    } catch (error) {
      await this.photos.remove(key);
      throw error;
    }
    if (named.replaced !== null && named.replaced !== key) await this.photos.remove(named.replaced);
    return named.profile;
  }

  /** Takes the profile's photo away (its files too); a profile without one is left as it is. */
  async removePhoto(admin: Caller, instructorId: number): Promise<InstructorProfileDto> {
    const { replaced, profile } = await this.transactions.run(() => this.namePhoto(admin, instructorId, null));
    if (replaced !== null) await this.photos.remove(replaced);
    return profile;
  }

  /** The profile names `key` (null: no photo), audited; answers the key it named before, if it changed. */
  private async namePhoto(
    admin: Caller,
    instructorId: number,
    key: string | null,
  ): Promise<{ replaced: string | null; profile: InstructorProfileDto }> {
    const instructor = await this.instructors.byId(instructorId);
    if (!instructor) throw new InstructorError(InstructorErrorCode.INSTRUCTOR_NOT_FOUND);
    const before = instructor.photo;
    if (before === key) return { replaced: null, profile: await this.profileOf(instructor) };
    instructor.photo = key;
    const saved = await this.instructors.save(instructor);
    await this.audit.record(admin, {
      action: 'instructor.update',
      entityType: 'instructor',
      entityId: saved.id,
      subjectUserId: saved.userId,
      before: { name: saved.name, photo: before },
      after: { photo: key },
    });
    return { replaced: before, profile: await this.profileOf(saved) };
  }

  private async profileOf(instructor: Instructor): Promise<InstructorProfileDto> {
    return this.toDto(
      instructor,
      await this.instructors.emailsOf(instructor.userId === null ? [] : [instructor.userId]),
    );
  }

  /**
   * Usuarios made the account an instructor (inside that change's transaction): its profile is
   * made active again, or created with the account's name.
   */
  async accountBecameInstructor(admin: Caller, user: User): Promise<void> {
    const existing = await this.instructors.byUser(user.id);
    if (existing) {
      if (existing.active) return;
      existing.active = true;
      await this.instructors.save(existing);
      await this.audit.record(admin, {
        action: 'instructor.update',
        entityType: 'instructor',
        entityId: existing.id,
        subjectUserId: user.id,
        before: { name: existing.name, active: false },
        after: { active: true },
      });
      return;
    }
    const saved = await this.insert({
      name: user.name.normalize('NFC').trim().replace(/\s+/g, ' ').slice(0, 60).trim() || user.email.slice(0, 60),
      bio: '',
      specialties: [],
      sortOrder: 0,
      userId: user.id,
      active: true,
      payPerClassCents: 0,
      payPerAttendeeCents: 0,
      payAttendeeThreshold: 0,
      photo: null,
    });
    await this.audit.record(admin, {
      action: 'instructor.create',
      entityType: 'instructor',
      entityId: saved.id,
      subjectUserId: user.id,
      after: snapshot(saved, user.email),
    });
  }

  /**
   * Usuarios took the role away: the profile stays, linked and inactive, so the timetable and the
   * classes taught keep its name; making the account an instructor again brings it back.
   */
  async accountStoppedTeaching(admin: Caller, user: User): Promise<void> {
    const profile = await this.instructors.byUser(user.id);
    if (!profile?.active) return;
    profile.active = false;
    await this.instructors.save(profile);
    await this.audit.record(admin, {
      action: 'instructor.update',
      entityType: 'instructor',
      entityId: profile.id,
      subjectUserId: user.id,
      before: { name: profile.name, active: true },
      after: { active: false },
    });
  }

  /** The profile a timetable entry may name: one that exists and is active (400 otherwise). */
  async availableForClasses(id: number): Promise<Instructor> {
    const instructor = await this.instructors.byId(id);
    if (!instructor?.active) throw new InstructorError(InstructorErrorCode.INSTRUCTOR_NOT_AVAILABLE);
    return instructor;
  }

  /** The profile linked to an account (the instructor's own: their door, cover requests, pay), or null. */
  profileOfAccount(userId: number): Promise<Instructor | null> {
    return this.instructors.byUser(userId);
  }

  /** The account that teaches as a profile (its linked user), or null: no profile, or none linked. */
  async accountOf(instructorId: number | null): Promise<number | null> {
    if (instructorId === null) return null;
    return (await this.instructors.byId(instructorId))?.userId ?? null;
  }

  /** Profiles by id (any state), for names. */
  byIds(ids: number[]): Promise<Instructor[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.instructors.byIds(ids);
  }

  /** An active profile's public page: the profile and its classes of the next 14 days. */
  async page(slug: string): Promise<{ instructor: PublicInstructorDto; clases: InstructorClassDto[] }> {
    const instructor = await this.instructors.bySlug(slug);
    if (!instructor?.active) throw new InstructorError(InstructorErrorCode.INSTRUCTOR_NOT_FOUND);
    return { instructor: toPublicInstructor(instructor), clases: await this.upcomingClasses(instructor.id) };
  }

  /**
   * The classes the instructor teaches from now to 14 days ahead: their timetable entries on each
   * date, less those cancelled or given to someone else that date, plus the classes that name them.
   */
  private async upcomingClasses(instructorId: number): Promise<InstructorClassDto[]> {
    const now = this.clock.now();
    const today = this.clock.today(now);
    const timeOfDay = this.clock.timeOfDay(now);
    const last = addDays(today, INSTRUCTOR_PAGE_DAYS - 1);
    const schedules = await this.instructors.schedulesOf(instructorId);
    const rows = await this.instructors.classesBetween(
      instructorId,
      schedules.map((s) => s.scheduleId),
      today,
      last,
    );
    const rowOf = new Map(rows.map((row) => [`${row.scheduleId}/${row.date}`, row]));
    const classes: InstructorClassDto[] = [];
    const add = (date: string, startTime: string, durationMinutes: number) => {
      if (date === today && startTime <= timeOfDay) return;
      classes.push({ date, startTime, time: to12Hour(startTime), durationMinutes });
    };
    for (let date = today; date <= last; date = addDays(date, 1)) {
      for (const schedule of schedules) {
        if (schedule.weekday !== isoWeekday(date)) continue;
        const row = rowOf.get(`${schedule.scheduleId}/${date}`);
        if (!row) add(date, schedule.startTime, schedule.durationMinutes);
      }
    }
    for (const row of rows) {
      if (row.status === 'scheduled' && row.instructorId === instructorId) {
        add(row.date, row.startTime, row.durationMinutes);
      }
    }
    return classes.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
  }

  /** Makes a client account an instructor when a profile is linked to it (an admin keeps their role). */
  private async makeInstructor(admin: Caller, account: User): Promise<void> {
    if (isAdminRole(account.role) || isInstructorRole(account.role)) return;
    const { user, before } = await this.users.changeInside(account.id, { role: INSTRUCTOR_ROLE });
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
  }

  /** The active account of that email, not linked to another profile than `exceptId`. */
  private async accountFor(email: string, exceptId?: number): Promise<User> {
    const account = await this.users.findByEmail(email);
    if (!account?.active) throw new InstructorError(InstructorErrorCode.INSTRUCTOR_ACCOUNT_NOT_FOUND);
    if (await this.instructors.accountTaken(account.id, exceptId)) {
      throw new InstructorError(InstructorErrorCode.INSTRUCTOR_ACCOUNT_TAKEN);
    }
    return account;
  }

  private async insert(fields: Omit<Instructor, 'id' | 'slug' | 'createdAt' | 'updatedAt'>): Promise<Instructor> {
    return this.saveUnique({ ...fields, slug: await this.freeSlug(fields.name) });
  }

  private async freeSlug(name: string, exceptId?: number): Promise<string> {
    return freeInstructorSlug(name, await this.instructors.slugsLike(instructorSlugBase(name), exceptId));
  }

  /** Two profiles saved at once with one account: the unique index decides. */
  private async saveUnique(instructor: Instructor | Partial<Instructor>): Promise<Instructor> {
    try {
      return await this.instructors.save(instructor);
    } catch (error) {
      if (isUniqueViolation(error)) throw new InstructorError(InstructorErrorCode.INSTRUCTOR_ACCOUNT_TAKEN);
      throw error;
    }
  }

  private toDto(instructor: Instructor, emails: Map<number, string>): InstructorProfileDto {
    return {
      id: instructor.id,
      name: instructor.name,
      slug: instructor.slug,
      bio: instructor.bio,
      specialties: instructor.specialties,
      active: instructor.active,
      sortOrder: instructor.sortOrder,
      userId: instructor.userId,
      accountEmail: instructor.userId === null ? null : (emails.get(instructor.userId) ?? null),
      payPerClassCents: instructor.payPerClassCents,
      payPerAttendeeCents: instructor.payPerAttendeeCents,
      payAttendeeThreshold: instructor.payAttendeeThreshold,
      photoUrl: instructorPhotoUrl(instructor.photo),
    };
  }
}
