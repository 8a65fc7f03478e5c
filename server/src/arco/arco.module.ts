import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { AdminArcoController, ArcoController } from './arco.controller';
import { ArcoRepository } from './arco.repository';
import { ArcoService } from './arco.service';

/** ARCO requests (LFPDPPP): the public form, the studio's list and answers, the dashboard's overdue figure. */
@Module({
  imports: [NotificationsModule],
  controllers: [ArcoController, AdminArcoController],
  providers: [ArcoRepository, ArcoService],
  exports: [ArcoService],
})
export class ArcoModule {}
