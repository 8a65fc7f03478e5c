import { Outlet, createFileRoute } from '@tanstack/react-router';

// The nested group (Mi información, Mis clases and the admin pages) shares this frame.
export const Route = createFileRoute('/pilates/_panel')({
  component: PanelLayout,
});

function PanelLayout() {
  return (
    <div className="container-page py-10">
      <Outlet />
    </div>
  );
}
