import { ArcoRequest } from './arco-request.entity';

export { ArcoRequest };

/** The ARCO module's tables, for the app's schema (server/src/database/schema.ts). */
export const arcoEntities = [ArcoRequest];
