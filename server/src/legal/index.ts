export { LegalModule } from './legal.module';
export { LegalService } from './legal.service';
export { LegalError, LegalErrorCode } from './legal.errors';
