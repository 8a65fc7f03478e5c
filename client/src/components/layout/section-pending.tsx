import { PageHeading } from './page-heading';

/** A page whose content is not built yet: it says so plainly instead of showing an empty screen. */
export function SectionPending({ title }: { title: string }) {
  return (
    <section className="container-page py-12 md:py-16">
      <PageHeading title={title} lead="Estamos preparando esta sección. Vuelve pronto." />
    </section>
  );
}
