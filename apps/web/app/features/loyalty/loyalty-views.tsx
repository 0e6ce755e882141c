/**
 * The loyalty club's pages (spec §2, §3; ADR 033): the programme (levels, how to earn), the shop
 * (products, buy confirm, insufficient points) and the player's loyalty (points, level progress,
 * character choice). Data comes from the route loaders; actions refresh them.
 */

import { localizePath } from '@croupier/contract/locales';
import { countedAlias, type PointsAlias } from '@croupier/contract/loyalty/counted-alias';
import type {
  LoyaltyCharacter,
  LoyaltyInfo,
  LoyaltyLevel,
  LoyaltyProduct,
  LoyaltyProgram,
} from '@croupier/contract/loyalty/loyalty';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { formatDate } from '../../ui/format.ts';
import { PageHeader } from '../promotions/page-parts.tsx';
import { useLoyaltyActions } from './loyalty-actions.tsx';
import { formatPoints, levelProgress } from './loyalty-maths.ts';

export const LOYALTY_PATH = '/loyalty';
export const LOYALTY_SHOP_PATH = '/loyalty/shop';
export const PROFILE_LOYALTY_PATH = '/profile/loyalty';

const PAGE = 'mx-auto w-full max-w-screen-laptopLg px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8 laptop:px-8';

/** Points, level and progress to the next level. */
export function LoyaltySummary({ info }: { info: LoyaltyInfo }) {
  const { t } = useTranslation('loyalty');
  const locale = usePageLocale();
  const progress = levelProgress(info);
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-gold/30 bg-surface p-4 shadow-card tablet:p-5"
      data-testid="loyalty-summary"
      aria-label={t('summary.title')}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-2xl font-bold tracking-tight text-gold" data-testid="loyalty-points">
          {t('summary.points', {
            points: formatPoints(info.points),
            alias: countedAlias(info.points, info, locale),
          })}
        </p>
        {progress.current && (
          <p className="text-sm font-semibold" data-testid="loyalty-level">
            {t('summary.level', { name: progress.current.name })}
          </p>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={t('summary.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={
          progress.next
            ? t('summary.progress', {
                points: formatPoints(info.level_points),
                threshold: formatPoints(progress.next.threshold),
                name: progress.next.name,
              })
            : t('summary.top')
        }
        className="h-2 overflow-hidden rounded-full bg-raised"
      >
        <div className="h-full rounded-full bg-gold" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="text-xs text-muted" data-testid="loyalty-progress">
        {progress.next
          ? t('summary.progress', {
              points: formatPoints(info.level_points),
              threshold: formatPoints(progress.next.threshold),
              name: progress.next.name,
            })
          : t('summary.top')}
      </p>
      {info.points_expire_at && (
        <p className="text-xs text-muted">
          {t('summary.expires', { date: formatDate(info.points_expire_at) })}
        </p>
      )}
    </section>
  );
}

/** One level of the programme as players see it (also the back office's preview of an edited level). */
export function LoyaltyLevelCard({
  level,
  alias,
  current = false,
}: {
  level: LoyaltyLevel;
  alias: PointsAlias;
  current?: boolean;
}) {
  const { t } = useTranslation('loyalty');
  const locale = usePageLocale();
  return (
    <li
      className={cx(
        'flex flex-col gap-2 rounded-2xl border bg-surface p-4',
        current ? 'border-gold' : 'border-border',
      )}
      aria-current={current ? 'step' : undefined}
      data-testid="loyalty-level-card"
    >
      <div className="flex items-center gap-3">
        <img src={level.image} alt="" className="size-10" />
        <div>
          <h3 className="font-semibold">{level.name}</h3>
          <p className="text-xs text-muted">
            {t('program.levelThreshold', {
              threshold: formatPoints(level.threshold),
              alias: countedAlias(level.threshold, alias, locale),
            })}
          </p>
        </div>
      </div>
      <ul className="list-disc ps-5 text-sm text-muted">
        {level.perks.map((perk) => (
          <li key={perk}>{perk}</li>
        ))}
      </ul>
    </li>
  );
}

export function LoyaltyProgramPage({ program, info }: { program: LoyaltyProgram; info: LoyaltyInfo | null }) {
  const { t } = useTranslation('loyalty');
  const locale = usePageLocale();
  const alias = program.pointsAlias;
  return (
    <div className={PAGE} data-testid="loyalty-program">
      <PageHeader
        eyebrow={t('page.eyebrow')}
        title={program.name}
        intro={program.description}
        aside={
          <div className="flex flex-wrap gap-2">
            <Link to={localizePath(LOYALTY_SHOP_PATH, locale)} className={buttonClassName({ size: 'sm' })}>
              {t('program.toShop')}
            </Link>
            {info && (
              <Link
                to={localizePath(PROFILE_LOYALTY_PATH, locale)}
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              >
                {t('program.toProfile')}
              </Link>
            )}
          </div>
        }
      />
      <div className="mt-6 grid gap-6 laptop:grid-cols-[2fr_1fr]">
        <section aria-labelledby="loyalty-levels-title" className="flex flex-col gap-3">
          <h2 id="loyalty-levels-title" className="text-lg font-semibold tracking-tight">
            {t('program.levels')}
          </h2>
          <ol className="grid gap-3 tablet:grid-cols-2" data-testid="loyalty-levels">
            {program.levels.map((level) => (
              <LoyaltyLevelCard
                key={level.id}
                level={level}
                alias={program}
                current={info?.level === level.id}
              />
            ))}
          </ol>
        </section>
        <aside className="flex flex-col gap-4">
          {info ? (
            <LoyaltySummary info={info} />
          ) : (
            <p className="text-sm text-muted">{t('program.signIn', { alias })}</p>
          )}
          <section
            aria-labelledby="loyalty-earn-title"
            className="rounded-2xl border border-border bg-surface p-4"
          >
            <h2 id="loyalty-earn-title" className="text-lg font-semibold tracking-tight">
              {t('program.howToEarn', { alias })}
            </h2>
            <ul className="mt-3 grid gap-2 text-sm" data-testid="loyalty-rates">
              {program.rates.map((rate) => (
                <li key={`${rate.product}-${rate.game_type ?? ''}-${rate.currency}`}>
                  <span className="font-semibold">
                    {rate.game_type
                      ? t('program.gameType', {
                          product: t(`program.product.${rate.product}`),
                          type: rate.game_type,
                        })
                      : t('program.anyGame', { product: t(`program.product.${rate.product}`) })}
                  </span>
                  {' — '}
                  {t('program.rate', {
                    points: rate.points,
                    alias: countedAlias(rate.points, program, locale),
                    amount: rate.per_amount,
                    currency: rate.currency,
                  })}
                </li>
              ))}
            </ul>
            <p className="mt-3 text-xs text-muted">{t('program.bonusNote')}</p>
            <p className="mt-1 text-xs text-muted">
              {program.expiry_days === null
                ? t('program.noExpiry', { alias })
                : t('program.expiry', { days: program.expiry_days })}{' '}
              {program.downgrade === 'keep' ? t('program.downgradeKeep') : t('program.downgradeReset')}
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}

export function LoyaltyShopPage({
  products,
  info,
  alias,
}: {
  products: LoyaltyProduct[];
  info: LoyaltyInfo | null;
  alias: PointsAlias;
}) {
  const { t } = useTranslation('loyalty');
  const locale = usePageLocale();
  const { busy, buy } = useLoyaltyActions({ alias, points: info?.points ?? 0 });
  return (
    <div className={PAGE} data-testid="loyalty-shop">
      <PageHeader
        eyebrow={t('page.eyebrow')}
        title={t('page.shopTitle')}
        intro={
          info
            ? t('shop.intro', { alias: alias.pointsAlias })
            : t('shop.signIn', { alias: alias.pointsAlias })
        }
      />
      {info && (
        <div className="mt-6">
          <LoyaltySummary info={info} />
        </div>
      )}
      {products.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted">
          {t('shop.empty')}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 tablet:grid-cols-2 laptop:grid-cols-4" data-testid="loyalty-products">
          {products.map((product) => (
            <li
              key={product.id}
              className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
              data-testid="loyalty-product"
            >
              <img src={product.image} alt="" className="size-12" />
              <p className="text-xs font-semibold text-gold">{t(`shop.type.${product.type}`)}</p>
              <h2 className="font-semibold">{product.name}</h2>
              <p className="flex-1 text-sm text-muted">{product.description}</p>
              <p className="font-bold" data-testid="loyalty-price">
                {t('shop.price', {
                  price: formatPoints(product.price),
                  alias: countedAlias(product.price, alias, locale),
                })}
              </p>
              {info && (
                <Button
                  size="sm"
                  loading={busy === `product:${product.id}`}
                  disabled={busy !== null}
                  data-testid="loyalty-buy"
                  onClick={() => void buy(product)}
                >
                  {t('shop.buy')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ProfileLoyaltyPage({
  info,
  characters,
  showCharacters,
}: {
  info: LoyaltyInfo;
  characters: LoyaltyCharacter[];
  showCharacters: boolean;
}) {
  const { t } = useTranslation('loyalty');
  const locale = usePageLocale();
  const { busy, choose } = useLoyaltyActions({ alias: info, points: info.points });
  return (
    <section
      aria-labelledby="profile-loyalty-title"
      className="flex flex-col gap-4"
      data-testid="profile-loyalty"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="profile-loyalty-title" className="text-lg font-semibold tracking-tight">
          {t('page.profileTitle')}
        </h2>
        <Link
          to={localizePath(LOYALTY_SHOP_PATH, locale)}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        >
          {t('program.toShop')}
        </Link>
      </div>
      <LoyaltySummary info={info} />
      {showCharacters && characters.length > 0 && (
        <section aria-labelledby="loyalty-characters-title" className="flex flex-col gap-3">
          <h3 id="loyalty-characters-title" className="font-semibold">
            {t('characters.title')}
          </h3>
          <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4" data-testid="loyalty-characters">
            {characters.map((character) => {
              const current = info.character?.id === character.id;
              return (
                <li
                  key={character.id}
                  className={cx(
                    'flex flex-col items-center gap-2 rounded-2xl border bg-surface p-3 text-center',
                    current ? 'border-gold' : 'border-border',
                  )}
                >
                  <img src={character.image} alt="" className="size-12" />
                  <h4 className="font-semibold">{character.name}</h4>
                  <p className="text-xs text-muted">{character.description}</p>
                  {current ? (
                    <span className="text-xs font-semibold text-gold">{t('characters.current')}</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={busy === `character:${character.id}`}
                      disabled={busy !== null}
                      data-testid="loyalty-choose"
                      onClick={() => void choose(character)}
                    >
                      {t('characters.choose')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
