// privacy's public surface: what the app's wiring may use (the module, and the export's sweep for the jobs).
export { PrivacyModule } from './privacy.module';
export { DataExportService } from './data-export.service';
