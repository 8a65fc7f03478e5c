import type { ReactNode } from 'react';

// The few icons of the shared layout and the home page, drawn inline with lucide's paths and
// stroke: lucide-react's runtime (about 2 KB gzip) then stays out of the home page's first download.

function StrokeIcon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}

export function MenuIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M4 5h16" />
      <path d="M4 12h16" />
      <path d="M4 19h16" />
    </StrokeIcon>
  );
}

export function ArrowRightIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M5 12h14" />
      <path d="m12 5 7 7-7 7" />
    </StrokeIcon>
  );
}

export function MapPinIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
      <circle cx="12" cy="10" r="3" />
    </StrokeIcon>
  );
}
