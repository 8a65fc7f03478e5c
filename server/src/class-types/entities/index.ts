import { ClassType } from './class-type.entity';

export { ClassType };

/** The class-types module's tables, for the app's schema (server/src/database/schema.ts). */
export const classTypesEntities = [ClassType];

export {
  CLASS_TYPE_COLOURS,
  CLASS_TYPE_LEVELS,
  CLASS_TYPE_LEVEL_NAMES,
  type ClassTypeLevel,
} from '../class-type-palette';
