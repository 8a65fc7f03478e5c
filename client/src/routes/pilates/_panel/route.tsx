import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SideMenu } from '../../../components/layout/side-menu';
import { PageSpinner } from '../../../components/ui/spinner';
import { requireUser } from '../../../features/session/guards';
import { useSession } from '../../../features/session/session';
import { useLogout } from '../../../features/session/use-logout';

// The nested group (Mi información, Mis clases and the admin pages): logged-in users only, beside the side menu.
export const Route = createFileRoute('/pilates/_panel')({
  // Names, email addresses, birth dates, plans and rosters: never kept in a cache.
  staticData: { personal: true },
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context.queryClient, location) }),
  pendingComponent: () => <PageSpinner label="Cargando tu cuenta…" />,
  component: PanelLayout,
});

function PanelLayout() {
  const { user } = useSession();
  const { logout, isPending } = useLogout();
  // After logout the session is cleared before navigation ends: keep the spinner meanwhile.
  if (!user) return <PageSpinner />;
  return (
    <div className="container-page grid gap-6 py-8 md:grid-cols-[16rem_1fr] md:gap-10 md:py-12">
      <aside className="md:sticky md:top-[calc(var(--spacing-header)+1.5rem)] md:self-start">
        <SideMenu user={user} onLogout={logout} logoutPending={isPending} />
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
