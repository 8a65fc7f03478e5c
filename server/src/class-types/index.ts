export { ClassTypesModule } from './class-types.module';
export { ClassTypesService } from './class-types.service';
export { ClassTypeError, ClassTypeErrorCode } from './class-types.errors';
export { ClassTypeSummaryDto } from './dto/class-types.dto';
export { toClassTypeSummary } from './dto/class-types.mappers';
export { CLASS_TYPE_LEVEL_NAMES, CLASS_TYPE_COLOURS, type ClassTypeLevel } from './class-type-palette';
