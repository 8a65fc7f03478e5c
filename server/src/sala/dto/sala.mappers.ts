import type { RoomLayout } from '../sala.service';
import type { LiveSpot, OutageRange, RetiredSpot, SpotRef } from '../sala.repository';
import type { OutageRangeDto, RetiredSpotDto, SalaResponseDto, SpotDto, SpotRefDto } from './sala.dto';

export const toSpotRefDto = (spot: SpotRef): SpotRefDto => ({ id: spot.id, label: spot.label });

export const toSpotDto = (spot: LiveSpot): SpotDto => ({
  id: spot.id,
  label: spot.label,
  row: spot.row,
  column: spot.column,
});

export const toRetiredSpotDto = (spot: RetiredSpot): RetiredSpotDto => ({
  ...toSpotDto(spot),
  retiredAt: spot.retiredAt.toISOString(),
});

export const toSalaResponse = (layout: RoomLayout): SalaResponseDto => ({
  success: true,
  spots: layout.spots.map(toSpotDto),
  instructor: { row: layout.instructor.row, column: layout.instructor.column },
});

export const toOutageRangeDto = (outage: OutageRange): OutageRangeDto => ({
  id: outage.id,
  spot: toSpotRefDto(outage.spot),
  from: outage.from,
  to: outage.to,
  reason: outage.reason,
});
