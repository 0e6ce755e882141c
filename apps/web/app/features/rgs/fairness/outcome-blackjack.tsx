/** Fairness outcome for blackjack: the dealer's and every player hand's cards, totals and results. */
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { blackjackViewOf } from '../blackjack/blackjack-actions.ts';
import { PlayingCard } from '../blackjack/playing-card.tsx';

export function BlackjackOutcome({ view }: { view: unknown }) {
  const { t } = useTranslation('fairness');
  const game = blackjackViewOf(view);
  if (!game) return null;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-border bg-[#0f4d2f]/40 p-4"
      data-testid="outcome-blackjack"
    >
      <Row
        title={t('outcome.dealer')}
        total={t('outcome.total', { total: game.dealer.total })}
        cards={game.dealer.cards}
        hidden={t('outcome.hidden')}
      />
      {game.hands.map((hand, index) => (
        <Row
          // biome-ignore lint/suspicious/noArrayIndexKey: hands keep their order.
          key={index}
          title={t('outcome.hand', { number: index + 1 })}
          total={t('outcome.total', { total: hand.total })}
          cards={hand.cards}
          hidden={t('outcome.hidden')}
          result={hand.result ? t(`outcome.results.${hand.result}`) : null}
        />
      ))}
    </div>
  );
}

function Row({
  title,
  total,
  cards,
  hidden,
  result = null,
}: {
  title: string;
  total: string;
  cards: ReadonlyArray<Parameters<typeof PlayingCard>[0]['card']>;
  hidden: string;
  result?: string | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="w-24 shrink-0">
        <p className="text-sm font-semibold">{title}</p>
        <p className="amount text-xs text-muted">{total}</p>
      </div>
      <div className="flex gap-1">
        {cards.map((card, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: cards keep their order.
          <PlayingCard key={index} card={card} hiddenLabel={hidden} className="h-14 w-auto" />
        ))}
      </div>
      {result && (
        <span className="rounded-md bg-raised px-2 py-0.5 text-xs font-bold uppercase">{result}</span>
      )}
    </div>
  );
}
