// "Perdonar" (admin): the roster and a client's classes forgive a late release or a no-show.
export {
  FORGIVE_TITLE,
  ForgiveDialog,
  forgivenMessage,
  type ForgiveTarget,
  type ForgivenKind,
} from './components/forgive-dialog';
