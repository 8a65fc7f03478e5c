import { HealthProfile } from './health-profile.entity';
import { HealthProfileView } from './health-profile-view.entity';

export { HealthProfile, HealthProfileView };

/** The health-profile module's tables, for the app's schema (server/src/database/schema.ts). */
export const healthProfileEntities = [HealthProfile, HealthProfileView];
