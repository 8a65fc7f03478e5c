import { onDemandDialog } from '@/lib/on-demand';
import type { HealthDetailDialogProps } from './components/health-detail-dialog';
import type { HealthProfileDialogProps } from './components/health-profile-dialog';

/** The questionnaire's dialog, loaded when a booking first asks for it. */
export const HealthProfileDialog = onDemandDialog<HealthProfileDialogProps>(() =>
  import('./components/health-profile-dialog').then((module) => module.HealthProfileDialog),
);

/** A client's health notes, loaded when a roster's marker is first activated. */
export const HealthDetailDialog = onDemandDialog<HealthDetailDialogProps>(() =>
  import('./components/health-detail-dialog').then((module) => module.HealthDetailDialog),
);
