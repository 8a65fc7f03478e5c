import { lazyResolver } from '@/lib/lazy-resolver';

// The account forms' rules (./schemas, with zod) load when a form is first focused or checked.
const resolvers = () => import('./resolvers');

export const loginRules = lazyResolver(() => resolvers().then((module) => module.loginResolver));
export const registerRules = lazyResolver(() => resolvers().then((module) => module.registerResolver));
export const forgotPasswordRules = lazyResolver(() => resolvers().then((module) => module.forgotPasswordResolver));
export const resetPasswordRules = lazyResolver(() => resolvers().then((module) => module.resetPasswordResolver));
