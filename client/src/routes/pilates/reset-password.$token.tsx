import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { useToast } from '../../components/ui';
import { PASSWORD_CHANGED_MESSAGE, ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { RESET_LINK_INVALID_MESSAGE, resetLinkQueryOptions } from '../../features/auth';
import { titleHead } from '../../lib/page-title';
import { PageQueryBoundary, usePageQuery } from '../../lib/page-query';
import { pageRead } from '../../lib/server-read';

export const Route = createFileRoute('/pilates/reset-password/$token')({
  // Its address is the secret link itself.
  staticData: { personal: true },
  head: titleHead('Nueva contraseña'),
  // Whether the link still works, in the first HTML: a spent or expired one says so before the form.
  loader: ({ context, params }) => pageRead(context.queryClient, resetLinkQueryOptions(params.token)),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
  // Until the link is checked (or when it cannot be), the form: the answer to sending it says the rest.
  return (
    <PageQueryBoundary fallback={<NewPasswordForm token={token} />} error={() => <NewPasswordForm token={token} />}>
      <CheckedLink token={token} />
    </PageQueryBoundary>
  );
}

const requestNewLink = (
  <Link
    to="/pilates/forgot-password"
    className="font-medium text-accent underline-offset-2 hover:text-accent-strong hover:underline"
  >
    Solicitar un nuevo enlace
  </Link>
);

function CheckedLink({ token }: { token: string }) {
  const link = usePageQuery(resetLinkQueryOptions(token));
  if (link.data !== false) return <NewPasswordForm token={token} />;
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

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const toast = useToast();
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
