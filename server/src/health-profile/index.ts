export { HealthProfileModule } from './health-profile.module';
export { HealthProfileService } from './health-profile.service';
export { HealthProfileError, HealthProfileErrorCode } from './health-profile.errors';
