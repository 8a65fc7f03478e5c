import { CoverRequest } from './cover-request.entity';

export { CoverRequest };
export { COVER_REQUEST_STATUSES, type CoverRequestStatus } from './cover-request.entity';

/** The teaching module's tables, for the app's schema (server/src/database/schema.ts). */
export const teachingEntities = [CoverRequest];
