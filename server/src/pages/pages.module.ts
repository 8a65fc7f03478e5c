import { Global, Module } from '@nestjs/common';
import { PAGE_READS } from '../core/http/page-reads.port';
import { PageReads } from './page-reads';

/**
 * The server-rendered pages' in-process API reads (PageReads), handed to core's page renderer
 * (ClientAppService) through its port: core itself uses no feature.
 */
@Global()
@Module({
  providers: [PageReads, { provide: PAGE_READS, useExisting: PageReads }],
  exports: [PAGE_READS],
})
export class PagesModule {}
