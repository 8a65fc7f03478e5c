// informacion's public surface: what other modules and the app's wiring may use (the pages read
// through its controller).
export { InformacionModule } from './informacion.module';
export { InformacionController } from './informacion.controller';
