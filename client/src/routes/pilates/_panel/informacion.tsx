import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import {
  ACCOUNT_DELETED_MESSAGE,
  FavouriteSpot,
  FiscalData,
  fiscalDataQueryOptions,
  salaQueryOptions,
  WhatsAppNotices,
  whatsappQueryOptions,
  YourData,
} from '../../../features/informacion';
import { marketingQueryOptions, Promotions, ShortNotice } from '../../../features/legal';
import { HealthSection, healthProfileQueryOptions } from '../../../features/health-profile';
import { PASSWORD_CHANGED_MESSAGE } from '../../../features/informacion/components/change-password-dialog';
import { INFO_CHANGED_MESSAGE, PersonalInfo } from '../../../features/informacion/components/personal-info';
import { clearSession, setSessionFavourite, setSessionUser, useSession } from '../../../features/session/session';
import { useLogoutEverywhere } from '../../../features/session/use-logout';
import { titleHead } from '../../../lib/page-title';
import { pageRead } from '../../../lib/server-read';

export const Route = createFileRoute('/pilates/_panel/informacion')({
  // The room for "Tu reformer favorito" and the WhatsApp consent come in the server's first HTML.
  loader: async ({ context }) => {
    await Promise.all([
      pageRead(context.queryClient, salaQueryOptions),
      pageRead(context.queryClient, whatsappQueryOptions),
      pageRead(context.queryClient, fiscalDataQueryOptions),
      pageRead(context.queryClient, marketingQueryOptions),
      pageRead(context.queryClient, healthProfileQueryOptions),
    ]);
  },
  head: titleHead('Mi información'),
  component: InformacionPage,
});

function InformacionPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { logoutEverywhere, isPending } = useLogoutEverywhere();
  if (!user) return <PageSpinner />;
  return (
    <div className="space-y-6">
      <PersonalInfo
        user={user}
        onChanged={(changed) => {
          setSessionUser(queryClient, changed);
          toast.show(INFO_CHANGED_MESSAGE);
        }}
        onPasswordChanged={() => toast.show(PASSWORD_CHANGED_MESSAGE)}
        onLogoutEverywhere={logoutEverywhere}
        loggingOutEverywhere={isPending}
      />
      <FavouriteSpot
        favourite={user.favouriteSpot}
        onChanged={(answer) => {
          setSessionFavourite(queryClient, answer.favouriteSpot);
          toast.show(answer.message);
        }}
      />
      <WhatsAppNotices onChanged={(message) => toast.show(message)} />
      <Promotions onChanged={(message) => toast.show(message)} />
      <HealthSection onChanged={(message) => toast.show(message)} />
      <FiscalData onSaved={(message) => toast.show(message)} />
      <YourData
        onDeleted={async () => {
          // The server ended every session of the account: forget it here and go home.
          clearSession(queryClient);
          await navigate({ to: '/pilates' });
          toast.show(ACCOUNT_DELETED_MESSAGE);
        }}
      />
      <ShortNotice />
    </div>
  );
}
