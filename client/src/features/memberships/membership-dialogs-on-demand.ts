import { onDemandDialog } from '@/lib/on-demand';
import type { CancelMembershipDialogProps } from './components/cancel-membership-dialog';
import type { PauseMembershipDialogProps } from './components/pause-membership-dialog';

/** «Pausar» and «Cancelar membresía», loaded when first opened. */
export const PauseMembershipDialog = onDemandDialog<PauseMembershipDialogProps>(() =>
  import('./components/pause-membership-dialog').then((module) => module.PauseMembershipDialog),
);
export const CancelMembershipDialog = onDemandDialog<CancelMembershipDialogProps>(() =>
  import('./components/cancel-membership-dialog').then((module) => module.CancelMembershipDialog),
);
