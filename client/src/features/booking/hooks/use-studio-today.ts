// The booking pages read the studio's clock from the shared modules; the loader only needs "today".
export { currentStudioDay } from '@/lib/studio-time-zone';
export { useStudioToday } from '@/lib/studio-clock';
