import type { ArcoRequestView } from '../arco.service';
import type { ArcoRequestDto } from './arco.dto';

export const toArcoRequestDto = ({ request, businessDaysLeft, overdue }: ArcoRequestView): ArcoRequestDto => ({
  id: request.id,
  folio: request.folio,
  name: request.name,
  email: request.email,
  right: request.right,
  detail: request.detail,
  receivedAt: request.receivedAt.toISOString(),
  dueDate: request.dueDate,
  status: request.status,
  businessDaysLeft,
  overdue,
  answeredAt: request.answeredAt?.toISOString() ?? null,
  responseNote: request.responseNote,
  hasAccount: request.userId !== null,
});
