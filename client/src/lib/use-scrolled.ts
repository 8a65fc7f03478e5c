import { useEffect, useState } from 'react';

/** True once the page has scrolled more than `threshold` pixels (the header's scroll state: 50 px). */
export function useScrolled(threshold = 50): boolean {
  // Not scrolled at first, on the server and in the browser alike (the page hydrates the same markup).
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
