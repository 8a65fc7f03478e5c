import { onDemandDialog } from '@/lib/on-demand';
import type { SubscribeDialogProps } from './components/subscribe-dialog';

/** The subscription dialog, loaded when it first opens (most visits to Planes never open it). */
export const SubscribeDialog = onDemandDialog<SubscribeDialogProps>(() =>
  import('./components/subscribe-dialog').then((module) => module.SubscribeDialog),
);
