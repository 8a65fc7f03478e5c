import { studioToday } from '@pilates/dates';
import { useEffect, useState } from 'react';
import { STUDIO_TIME_ZONE } from '../../../content/studio';

/** Today's date in the studio (America/Mexico_City), whatever the visitor's zone. */
export function currentStudioDay(): string {
  return studioToday(new Date(), STUDIO_TIME_ZONE);
}

/** Today's date in the studio; it turns at the studio's midnight while the page stays open. */
export function useStudioToday(): string {
  const [today, setToday] = useState(currentStudioDay);
  useEffect(() => {
    const timer = window.setInterval(() => setToday(currentStudioDay()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return today;
}
