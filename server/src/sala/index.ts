// sala's public surface: what other modules and the app's wiring may use. Its entity classes are
// the other entry, ./entities.
export { SalaModule } from './sala.module';
export { SalaService } from './sala.service';
export { SpotAssigner, type SpotRequest } from './spot-assigner';
export { SalaError, SalaErrorCode } from './sala.errors';
export type { SpotRef } from './sala.repository';
export { FavouriteSpotDto, FavouriteSpotResponseDto, SpotRefDto } from './dto/sala.dto';
export { toSpotRefDto } from './dto/sala.mappers';
