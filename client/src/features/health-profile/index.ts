// The health questionnaire and emergency contact: the booking's dialog, Mi información's section,
// and the rosters' marker with its detail.
export { HealthProfileDialog, HealthDetailDialog } from './dialogs-on-demand';
export { HEALTH_DIALOG_TITLE, SENSITIVE_CONSENT_TEXT } from './components/health-profile-form';
export {
  HEALTH_SAVED_MESSAGE,
  HEALTH_SECTION_TITLE,
  HealthSection,
  healthProfileQueryOptions,
} from './components/health-section';
export { HEALTH_NOTE_LABEL, HealthNote } from './components/health-note';
