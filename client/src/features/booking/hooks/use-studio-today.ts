// The booking pages read the studio's clock from the shared module; kept here for their imports.
export { currentStudioDay, useStudioToday } from '@/lib/studio-clock';
