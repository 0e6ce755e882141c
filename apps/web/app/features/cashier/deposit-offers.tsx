/**
 * Deposit offers on the deposit page (spec §3 depositOffers, campaign_offer_id default -1; §6 shown
 * when the player satisfies the offer's trigger or is a guest — the server lists only those; Offer
 * `params.exclude_methods`). A radio group whose first choice is "no bonus" (-1). An offer the
 * selected method is excluded from stays listed but cannot be chosen; its minimum deposit in the
 * method's currency is shown.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';

export const NO_OFFER = -1;

/** The offers the deposit page lists: deposit offers not taken yet. */
export function depositOffersOf(offers: readonly OfferOutput[]): OfferOutput[] {
  return offers.filter((offer) => offer.trigger === 'deposit' && !offer.is_taken);
}

export function isOfferAllowed(offer: OfferOutput, method: string): boolean {
  return !offer.exclude_methods.includes(method);
}

/** The choice to start with: the `?offer={id}` one if listed and allowed with this method, else none. */
export function initialOfferChoice(
  offers: readonly OfferOutput[],
  method: string,
  requested: number | null,
): number {
  const offer = offers.find((entry) => entry.id === requested);
  return offer && isOfferAllowed(offer, method) ? offer.id : NO_OFFER;
}

/** `?offer=12` → 12; anything else → null. */
export function offerFromQuery(search: string): number | null {
  const value = new URLSearchParams(search).get('offer');
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

function Choice({
  name,
  checked,
  disabled = false,
  onSelect,
  title,
  children,
  testId,
}: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  title: string;
  children?: React.ReactNode;
  testId: string;
}) {
  return (
    <label
      className={cx(
        'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors',
        checked ? 'border-accent bg-accent/10' : 'border-border bg-raised/60 hover:border-border-strong',
        disabled && 'cursor-not-allowed opacity-60',
      )}
      data-testid={testId}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="mt-1 size-4 shrink-0 accent-[var(--color-accent)]"
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold">{title}</span>
        {children}
      </span>
    </label>
  );
}

export function DepositOffers({
  offers,
  method,
  currency,
  value,
  onChange,
  money,
}: {
  offers: readonly OfferOutput[];
  /** The selected method's sysname (`exclude_methods` holds these). */
  method: string;
  currency: string;
  value: number;
  onChange: (offerId: number) => void;
  money: (value: { amount: string; currency: string }) => string;
}) {
  const { t } = useTranslation('campaigns');
  const name = useId();
  if (offers.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="deposit-offers">
      <legend className="mb-2 text-sm font-medium text-text">{t('offers.legend')}</legend>
      <Choice
        name={name}
        checked={value === NO_OFFER}
        onSelect={() => onChange(NO_OFFER)}
        title={t('offers.none')}
        testId="deposit-offer-none"
      >
        <span className="text-sm text-muted">{t('offers.noneText')}</span>
      </Choice>
      {offers.map((offer) => {
        const allowed = isOfferAllowed(offer, method);
        const min = offer.min_deposits.find((entry) => entry.currency === currency);
        return (
          <Choice
            key={offer.id}
            name={name}
            checked={value === offer.id}
            disabled={!allowed}
            onSelect={() => onChange(offer.id)}
            title={offer.title}
            testId={`deposit-offer-${offer.id}`}
          >
            {offer.description && <span className="text-sm text-muted">{offer.description}</span>}
            {min && (
              <span className="text-xs font-medium text-muted" data-testid="deposit-offer-min">
                {t('offers.minDeposit', { amount: money(min) })}
              </span>
            )}
            {!allowed && <span className="text-xs font-medium text-danger">{t('offers.excluded')}</span>}
          </Choice>
        );
      })}
    </fieldset>
  );
}
