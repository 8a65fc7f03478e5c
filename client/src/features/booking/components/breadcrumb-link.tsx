import { Link } from '@tanstack/react-router';
import type { BreadcrumbProps } from '@/components/ui/breadcrumb';

/** The calendars' breadcrumb links through the router (no full page load). */
export const routerBreadcrumbLink: NonNullable<BreadcrumbProps['renderLink']> = (item, children, className) => (
  <Link to={item.to} className={className}>
    {children}
  </Link>
);
