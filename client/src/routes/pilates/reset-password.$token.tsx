import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { useToast } from '../../components/ui';
import { PASSWORD_CHANGED_MESSAGE, ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { RESET_LINK_INVALID_MESSAGE, resetLinkQueryOptions } from '../../features/auth';
import { titleHead } from '../../lib/page-title';
import { pageRead } from '../../lib/server-read';

export const Route = createFileRoute('/pilates/reset-password/$token')({
  head: titleHead('Nueva contraseña'),
  // Whether the link still works, in the first HTML: a spent or expired one says so before the form.
  loader: ({ context, params }) => pageRead(context.queryClient, resetLinkQueryOptions(params.token)),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
  const navigate = useNavigate();
  const toast = useToast();
  // useQuery, not useSuspenseQuery: suspending would hold the server's page past pageRead's deadline.
  const link = useQuery(resetLinkQueryOptions(token));
  const requestNewLink = (
    <Link
      to="/pilates/forgot-password"
      className="font-medium text-accent underline-offset-2 hover:text-accent-strong hover:underline"
    >
      Solicitar un nuevo enlace
    </Link>
  );

  if (link.data === false) {
    return (
      <section className="container-page py-12 md:py-16">
        <PageHeading title="Nueva contraseña" />
        <div className="max-w-md space-y-4 rounded-card bg-surface p-6 shadow-soft md:p-8">
          <p role="alert" className="text-ink">
            {RESET_LINK_INVALID_MESSAGE}
          </p>
          <p>{requestNewLink}</p>
        </div>
      </section>
    );
  }

  return (
    <section className="container-page py-12 md:py-16">
      <PageHeading title="Nueva contraseña" lead="Elige una contraseña nueva para tu cuenta." />
      <div className="max-w-md rounded-card bg-surface p-6 shadow-soft md:p-8">
        <ResetPasswordForm
          token={token}
          onSuccess={() => {
            toast.show(PASSWORD_CHANGED_MESSAGE);
            void navigate({ to: '/pilates/cuenta' });
          }}
          requestNewLink={requestNewLink}
        />
      </div>
    </section>
  );
}
