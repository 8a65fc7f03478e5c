import { DataExport } from './data-export.entity';

export { DataExport };

/** The privacy module's tables, for the app's schema (server/src/database/schema.ts). */
export const privacyEntities = [DataExport];
