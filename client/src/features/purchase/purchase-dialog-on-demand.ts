import { onDemandDialog } from '@/lib/on-demand';
import type { PurchaseDialogProps } from './components/purchase-dialog';

/** The plan catalogue and checkout, loaded when it first opens (most visits to a page never open it). */
export const PurchaseDialog = onDemandDialog<PurchaseDialogProps>(() =>
  import('./components/purchase-dialog').then((module) => module.PurchaseDialog),
);
