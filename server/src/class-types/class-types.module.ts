import { Module } from '@nestjs/common';
import { AdminClassTypesController, ClassTypesController } from './class-types.controller';
import { ClassTypesRepository } from './class-types.repository';
import { ClassTypesService } from './class-types.service';

/** The class types: "Tipos de clase" (admin), the booking page's filter, the timetable's and the plans' choice of type. */
@Module({
  controllers: [AdminClassTypesController, ClassTypesController],
  providers: [ClassTypesRepository, ClassTypesService],
  exports: [ClassTypesService],
})
export class ClassTypesModule {}
