/**
 * Deposit offers (spec §3 depositOffers, §6: shown when the player satisfies the offer's trigger)
 * are filled by the campaigns issue. Until then the list is empty and renders nothing: no fake offers.
 */
export interface DepositOffer {
  id: number;
  title: string;
}

export function DepositOffers({ offers }: { offers: readonly DepositOffer[] }) {
  if (offers.length === 0) return null;
  return (
    <ul className="grid gap-2" data-testid="deposit-offers">
      {offers.map((offer) => (
        <li key={offer.id} className="rounded-xl border border-border bg-raised/60 p-3 text-sm">
          {offer.title}
        </li>
      ))}
    </ul>
  );
}
