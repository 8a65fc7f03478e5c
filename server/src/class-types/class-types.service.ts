import { Injectable } from '@nestjs/common';
import { AuditService, changedValues } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { TransactionService } from '../core/database/transaction.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import { CLASS_TYPE_LEVEL_NAMES } from './class-type-palette';
import type { AddClassTypeDto, ChangeClassTypeDto, ClassTypeDto, PublicClassTypeDto } from './dto/class-types.dto';
import { toClassTypeDto, toPublicClassType } from './dto/class-types.mappers';
import type { ClassType } from './entities/class-type.entity';
import { ClassTypeError, ClassTypeErrorCode } from './class-types.errors';
import { ClassTypesRepository } from './class-types.repository';

/** A type as the audit log shows it. */
const snapshot = (type: ClassType) => ({
  name: type.name,
  level: CLASS_TYPE_LEVEL_NAMES[type.level],
  description: type.description,
  durationMinutes: type.durationMinutes,
  colour: type.colour,
  active: type.active,
  sortOrder: type.sortOrder,
});

/**
 * The class types: the admin's "Tipos de clase", the timetable's choice of type, the booking page's
 * filter, and the types a catalogue plan is limited to.
 */
@Injectable()
export class ClassTypesService {
  constructor(
    private readonly types: ClassTypesRepository,
    private readonly audit: AuditService,
    readonly transactions: TransactionService,
  ) {}

  async list(): Promise<ClassTypeDto[]> {
    return (await this.types.all()).map(toClassTypeDto);
  }

  /** The active types, for the booking page's filter and the site. */
  async publicList(): Promise<PublicClassTypeDto[]> {
    return (await this.types.active()).map(toPublicClassType);
  }

  async add(admin: Caller, dto: AddClassTypeDto): Promise<ClassTypeDto> {
    return this.transactions.run(async () => {
      const saved = await this.saveNamed({
        name: dto.name,
        level: dto.level,
        description: dto.description ?? '',
        durationMinutes: dto.durationMinutes,
        colour: dto.colour,
        active: true,
        sortOrder: dto.sortOrder ?? (await this.types.lastSortOrder()) + 1,
      });
      await this.audit.record(admin, {
        action: 'class_type.create',
        entityType: 'class_type',
        entityId: saved.id,
        after: snapshot(saved),
      });
      return toClassTypeDto(saved);
    });
  }

  /** A change reaches every timetable entry of the type (they show it); durations of entries stay. */
  async change(admin: Caller, dto: ChangeClassTypeDto): Promise<ClassTypeDto> {
    return this.transactions.run(async () => {
      const type = await this.types.byId(dto.id);
      if (!type) throw new ClassTypeError(ClassTypeErrorCode.CLASS_TYPE_NOT_FOUND);
      const before = snapshot(type);
      const { id: _id, ...changes } = dto;
      for (const [key, value] of Object.entries(changes)) {
        if (value !== undefined) Object.assign(type, { [key]: value });
      }
      const saved = await this.saveNamed(type);
      const diff = changedValues(before, snapshot(saved));
      if (diff) {
        await this.audit.record(admin, {
          action: 'class_type.update',
          entityType: 'class_type',
          entityId: saved.id,
          before: { name: before.name, ...diff.before },
          after: diff.after,
        });
      }
      return toClassTypeDto(saved);
    });
  }

  /** An active type for a timetable entry (400 otherwise). */
  async availableForClasses(id: number): Promise<ClassType> {
    const type = await this.types.byId(id);
    if (!type || !type.active) throw new ClassTypeError(ClassTypeErrorCode.CLASS_TYPE_NOT_AVAILABLE);
    return type;
  }

  /** The first active type in list order: a timetable entry added without a type (400 with none). */
  async firstForClasses(): Promise<ClassType> {
    const [first] = await this.types.active();
    if (!first) throw new ClassTypeError(ClassTypeErrorCode.CLASS_TYPE_NOT_AVAILABLE);
    return first;
  }

  /** The types of these ids, every one of which must exist (400 otherwise); a catalogue plan's list. */
  async existing(ids: number[]): Promise<ClassType[]> {
    const unique = [...new Set(ids)];
    const found = await this.types.byIds(unique);
    if (found.length !== unique.length) throw new ClassTypeError(ClassTypeErrorCode.CLASS_TYPE_NOT_AVAILABLE);
    return found;
  }

  byId(id: number): Promise<ClassType | null> {
    return this.types.byId(id);
  }

  private async saveNamed(type: ClassType | Partial<ClassType>): Promise<ClassType> {
    try {
      return await this.types.save(type);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ClassTypeError(ClassTypeErrorCode.CLASS_TYPE_NAME_TAKEN);
      throw error;
    }
  }
}
