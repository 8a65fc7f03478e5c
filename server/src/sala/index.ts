// sala's public surface: what other modules and the app's wiring may use. Its entity classes are
// the other entry, ./entities.
export { SalaModule } from './sala.module';
export { SalaService, type OutageRequest } from './sala.service';
export { SpotAssigner, type SpotRequest } from './spot-assigner';
export { SalaError, SalaErrorCode } from './sala.errors';
export type { BookingOnSpot, OutageRange, SpotChoice, SpotRef } from './sala.repository';
export {
  FavouriteSpotDto,
  FavouriteSpotResponseDto,
  OutageDto,
  OutageIdDto,
  OutagePreviewResponseDto,
  OutageResponseDto,
  SalaMessageResponseDto,
  SpotRefDto,
} from './dto/sala.dto';
export { toOutageRangeDto, toSpotRefDto } from './dto/sala.mappers';
