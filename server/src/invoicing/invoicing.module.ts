import { Module } from '@nestjs/common';
import { AppConfig } from '../core/config/app-config';
import { PaymentsModule } from '../payments';
import { AdminInvoicesController } from './admin-invoices.controller';
import { AdminInvoicesService } from './admin-invoices.service';
import { FacturapiGateway } from './facturapi.gateway';
import { InvoicingController } from './invoicing.controller';
import { InvoicingGateway } from './invoicing-gateway';
import { InvoicingRepository } from './invoicing.repository';
import { InvoicingService } from './invoicing.service';
import { SimulatedFacturapi } from './simulated-facturapi';

/** Facturas (CFDI 4.0) through Facturapi: fiscal data, one invoice per purchase, the monthly global invoice. */
@Module({
  imports: [PaymentsModule],
  controllers: [InvoicingController, AdminInvoicesController],
  providers: [
    {
      provide: InvoicingGateway,
      inject: [AppConfig],
      // Without FACTURAPI_KEY, the local simulator (development and tests).
      useFactory: (config: AppConfig): InvoicingGateway =>
        config.facturapiKey
          ? new FacturapiGateway(config.facturapiKey, config.facturapiBaseUrl)
          : new SimulatedFacturapi(),
    },
    InvoicingRepository,
    InvoicingService,
    AdminInvoicesService,
  ],
  exports: [InvoicingService],
})
export class InvoicingModule {}
