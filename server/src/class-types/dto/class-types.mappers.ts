import { CLASS_TYPE_LEVEL_NAMES } from '../class-type-palette';
import type { ClassType } from '../entities/class-type.entity';
import type { ClassTypeDto, ClassTypeSummaryDto, PublicClassTypeDto } from './class-types.dto';

export const toClassTypeSummary = (type: Pick<ClassType, 'id' | 'name' | 'level' | 'colour'>): ClassTypeSummaryDto => ({
  id: type.id,
  name: type.name,
  level: type.level,
  levelName: CLASS_TYPE_LEVEL_NAMES[type.level],
  colour: type.colour,
});

export const toPublicClassType = (type: ClassType): PublicClassTypeDto => ({
  ...toClassTypeSummary(type),
  description: type.description,
  durationMinutes: type.durationMinutes,
});

export const toClassTypeDto = (type: ClassType): ClassTypeDto => ({
  ...toPublicClassType(type),
  active: type.active,
  sortOrder: type.sortOrder,
});
