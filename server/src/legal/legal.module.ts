import { Module } from '@nestjs/common';
import { AdminLegalController, ConsentsController, LegalController } from './legal.controller';
import { LegalRepository } from './legal.repository';
import { LegalService } from './legal.service';

/** Clients' data rights: the versioned legal texts, consents to them and to promotions. */
@Module({
  controllers: [LegalController, AdminLegalController, ConsentsController],
  providers: [LegalRepository, LegalService],
  exports: [LegalService],
})
export class LegalModule {}
