import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/forgot-password')({
  head: titleHead('Recuperar contraseña'),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <section className="container-page py-12 md:py-16">
      <PageHeading
        title="¿Olvidaste tu contraseña?"
        lead="Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva."
      />
      <div className="max-w-md space-y-6 rounded-card bg-surface p-6 shadow-soft md:p-8">
        <ForgotPasswordForm />
        <p className="text-center text-sm">
          <Link
            to="/pilates/cuenta"
            className="font-medium text-accent underline-offset-2 hover:text-accent-strong hover:underline"
          >
            Volver a iniciar sesión
          </Link>
        </p>
      </div>
    </section>
  );
}
