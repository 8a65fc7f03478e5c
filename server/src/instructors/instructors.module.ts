import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { AdminInstructorsController } from './admin-instructors.controller';
import { InstructorPhotosController } from './instructor-photos.controller';
import { InstructorsController } from './instructors.controller';
import { InstructorsRepository } from './instructors.repository';
import { InstructorsService } from './instructors.service';
import { PhotoStore } from './photo-store';

/** The instructors' profiles: "Instructores" (admin), the public pages, and the timetable's choice of instructor. */
@Module({
  imports: [AuthModule],
  controllers: [AdminInstructorsController, InstructorsController, InstructorPhotosController],
  providers: [InstructorsRepository, InstructorsService, PhotoStore],
  exports: [InstructorsService],
})
export class InstructorsModule {}
