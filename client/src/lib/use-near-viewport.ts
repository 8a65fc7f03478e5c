import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on. Heavy or third-party
 * content (the map, the video) waits for it, so nothing loads before the visitor is near it.
 */
export function useNearViewport<T extends Element>(margin = '300px') {
  const ref = useRef<T | null>(null);
  // False at first on the server and in the browser alike (the page hydrates the same markup).
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    // Without IntersectionObserver (very old browsers) the content simply loads.
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setNear(true), 0);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
