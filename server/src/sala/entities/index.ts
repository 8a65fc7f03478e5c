import { Room } from './room.entity';
import { Spot } from './spot.entity';
import { SpotOutage } from './spot-outage.entity';

export { Room, Spot, SpotOutage };

/** The sala module's tables, for the app's schema (server/src/database/schema.ts). */
export const salaEntities = [Room, Spot, SpotOutage];

// The room drawn on first start: the migration (existing studios) and the seed (new ones) draw it alike.
export { firstRoomLayout, FIRST_ROOM_NAME } from '../room-layout';
