import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { StudioResponseDto } from '@/api/generated/model';
import { withStudio } from '@/test/studio-answer';

/**
 * Renders a layout piece inside a memory router so that its Links work, with the studio's answer
 * (contact, policy) in the query cache as the /pilates layout's loader leaves it.
 */
export function renderInRouter(ui: ReactElement, studio?: StudioResponseDto) {
  const rootRoute = createRootRoute({ component: () => withStudio(ui, studio) });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(<RouterProvider router={router} />);
}
