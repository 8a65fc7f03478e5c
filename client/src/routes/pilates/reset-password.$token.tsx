import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { useToast } from '../../components/ui';
import { PASSWORD_CHANGED_MESSAGE, ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/reset-password/$token')({
  head: titleHead('Nueva contraseña'),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
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
          requestNewLink={
            <Link
              to="/pilates/forgot-password"
              className="font-medium text-accent underline-offset-2 hover:text-accent-strong hover:underline"
            >
              Solicitar un nuevo enlace
            </Link>
          }
        />
      </div>
    </section>
  );
}
