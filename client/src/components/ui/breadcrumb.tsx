import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

export interface BreadcrumbItem {
  label: string;
  /** Where the item leads; the last item is the current page and never links. */
  to?: string;
}

export interface BreadcrumbProps {
  items: BreadcrumbItem[];
  /**
   * Renders a linked item. The default is a plain `<a href>`, which works without a router
   * (in tests, for instance); pass one that returns the router's `<Link>` for client-side navigation.
   */
  renderLink?: (item: BreadcrumbItem & { to: string }, children: ReactNode, className: string) => ReactNode;
  className?: string;
}

const linkClasses = 'rounded-sm text-ink-muted underline-offset-4 transition-colors hover:text-accent hover:underline';

const defaultRenderLink: NonNullable<BreadcrumbProps['renderLink']> = (item, children, className) => (
  <a href={item.to} className={className}>
    {children}
  </a>
);

export function Breadcrumb({ items, renderLink = defaultRenderLink, className }: BreadcrumbProps) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Ruta de navegación" className={className}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          const { to } = item;
          return (
            <li key={`${index}-${item.label}`} className="inline-flex items-center gap-1.5">
              {isLast ? (
                <span aria-current="page" className="font-medium text-ink">
                  {item.label}
                </span>
              ) : to !== undefined ? (
                renderLink({ ...item, to }, item.label, linkClasses)
              ) : (
                <span className="text-ink-muted">{item.label}</span>
              )}
              {isLast ? null : <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-ink-subtle" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
