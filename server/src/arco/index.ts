// arco's public surface: what other modules and the app's wiring may use. Its entity classes are
// the other entry, ./entities (see docs/architecture.md, "Server layers").
export { ArcoModule } from './arco.module';
export { ArcoService, type ArcoDashboardFigures } from './arco.service';
export { ArcoError, ArcoErrorCode } from './arco.errors';
export { ARCO_RIGHTS, ARCO_STATUSES, type ArcoRight, type ArcoStatus } from './arco-rights';
