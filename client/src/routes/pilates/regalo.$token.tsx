import { createFileRoute } from '@tanstack/react-router';
import { useGetGiftCardPage } from '../../api/generated/gift-cards/gift-cards';
import { PageSpinner } from '../../components/ui/spinner';
import { GiftCardView } from '../../features/gift-cards';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/regalo/$token')({
  // Its address is the card's own unguessable link, and the page shows the code: never cached.
  staticData: { personal: true },
  head: titleHead('Tarjeta de regalo'),
  component: GiftCardPage,
});

function GiftCardPage() {
  const { token } = Route.useParams();
  const card = useGetGiftCardPage(token, { query: { retry: false } });
  return (
    <section className="container-page py-10 md:py-14">
      {card.data ? (
        <GiftCardView card={card.data.giftCard} />
      ) : card.isError ? (
        <p role="alert" className="mx-auto max-w-md text-center text-ink">
          No encontramos esta tarjeta de regalo. Revisa que el enlace esté completo.
        </p>
      ) : (
        <PageSpinner label="Cargando la tarjeta…" />
      )}
    </section>
  );
}
