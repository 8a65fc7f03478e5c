import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '../../../features/session/guards';
import { TeachingPage } from '../../../features/teaching';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/mis-clases-a-impartir')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.ClassesTeach),
  head: titleHead('Mis clases a impartir'),
  component: TeachingPage,
});
