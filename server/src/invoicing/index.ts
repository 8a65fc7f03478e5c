// invoicing's public surface: what the app's wiring may use. Its entity classes are the other entry, ./entities.
export { InvoicingModule } from './invoicing.module';
export { InvoicingService } from './invoicing.service';
