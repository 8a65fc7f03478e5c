import { to12Hour } from '@pilates/dates';
import type { CoverRequest } from '../entities';
import type { OpenCoverRow } from '../teaching.repository';
import type { CoverRequestDto, OpenCoverRequestDto } from './teaching.dto';

export const toCoverRequestDto = (request: CoverRequest, substitute: string | null): CoverRequestDto => ({
  id: request.id,
  status: request.status,
  note: request.note,
  substitute,
});

export const toOpenCoverRequestDto = (row: OpenCoverRow): OpenCoverRequestDto => ({
  id: row.id,
  scheduleId: row.scheduleId,
  date: row.date,
  time: to12Hour(row.startTime),
  instructorId: row.instructorId,
  instructor: row.instructor,
  note: row.note,
  requestedAt: row.createdAt.toISOString(),
});
