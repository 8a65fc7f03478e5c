import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import type { UserDto } from '../../api/generated/model';
import { PageHeading } from '../../components/layout/page-heading';
import { buttonClasses, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui';
import { LoginForm } from '../../features/auth/components/login-form';
import { accountSearchSchema, loginReason } from '../../features/auth/search';
import { ShortNotice, useVersionsInForce } from '../../features/legal';
import { useSession } from '../../features/session/session';
import { PageQueryBoundary } from '../../lib/page-query';
import { onDemand } from '../../lib/on-demand';
import { publicPageHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/cuenta')({
  validateSearch: accountSearchSchema,
  head: publicPageHead('cuenta'),
  component: AccountPage,
});

// The sign-up form (and its checkbox) loads when the visitor reaches for its tab: most visitors of
// this page log in, and the login form is what the page shows first.
const RegisterForm = onDemand(() =>
  import('../../features/auth/components/register-form').then((module) => module.RegisterForm),
);
const preloadRegisterForm = () => void RegisterForm.preload().catch(() => undefined);

const card = 'max-w-md rounded-card bg-surface p-6 shadow-soft md:p-8';
const textLink = 'font-medium text-accent underline-offset-2 hover:text-accent-strong hover:underline';

function AccountPage() {
  // Until the session is known, a spinner; when it cannot be read, the login form.
  return (
    <section className="container-page py-12 md:py-16">
      <PageHeading title="Mi cuenta" />
      <PageQueryBoundary
        fallback={
          <div className={`${card} flex justify-center`}>
            <Spinner />
          </div>
        }
        error={() => <Account user={null} />}
      >
        <SessionAccount />
      </PageQueryBoundary>
    </section>
  );
}

function SessionAccount() {
  return <Account user={useSession().user} />;
}

function Account({ user }: { user: UserDto | null }) {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  // Sent here by a page that needs a session: say what for.
  const reason = loginReason(redirect);

  // After login or sign-up: back to the page that asked for it, else the home page.
  const goOn = (_user: UserDto) => {
    if (redirect) void navigate({ href: redirect });
    else void navigate({ to: '/pilates' });
  };

  return user ? (
    <div className={`${card} space-y-5`}>
      <p className="text-ink">
        Ya iniciaste sesión como <span className="font-medium text-ink-strong">{user.name}</span>
      </p>
      <Link to="/pilates/informacion" className={buttonClasses()}>
        Ir a Mi información
      </Link>
    </div>
  ) : (
    <div className="max-w-md space-y-4">
      {reason ? (
        <p role="status" className="rounded-card border border-line bg-sand px-4 py-3 text-sm font-medium text-ink">
          {reason}
        </p>
      ) : null}
      <LoginTabs onSuccess={goOn} />
    </div>
  );
}

function LoginTabs({ onSuccess }: { onSuccess: (user: UserDto) => void }) {
  return (
    <Tabs defaultValue="login" className={card}>
      <TabsList aria-label="Mi cuenta" className="w-full">
        <TabsTrigger value="login" className="flex-1">
          Iniciar Sesión
        </TabsTrigger>
        <TabsTrigger
          value="register"
          className="flex-1"
          onPointerEnter={preloadRegisterForm}
          onTouchStart={preloadRegisterForm}
          onFocus={preloadRegisterForm}
        >
          Registrar
        </TabsTrigger>
      </TabsList>
      <TabsContent value="login">
        <LoginForm
          onSuccess={onSuccess}
          forgotPasswordLink={
            <Link to="/pilates/forgot-password" className={textLink}>
              ¿Olvidaste tu contraseña?
            </Link>
          }
        />
      </TabsContent>
      <TabsContent value="register">
        <RegisterTab onSuccess={onSuccess} />
      </TabsContent>
    </Tabs>
  );
}

/** The sign-up form with the legal texts in force (read when the tab opens) and the short privacy notice. */
function RegisterTab({ onSuccess }: { onSuccess: (user: UserDto) => void }) {
  const versionsInForce = useVersionsInForce();
  return (
    <RegisterForm onSuccess={onSuccess} versionsInForce={versionsInForce} notice={<ShortNotice className="mt-2" />} />
  );
}
