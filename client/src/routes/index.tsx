import { createFileRoute, redirect } from '@tanstack/react-router';

// The studio's site lives under /pilates; / only sends people there.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/pilates', replace: true });
  },
});
