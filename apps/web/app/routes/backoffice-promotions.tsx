/**
 * Promotions (issue #18, ADR 048), for staff with `promotions.edit` (marketing): bonus templates,
 * offers with their promo-code batches (made here, downloaded as CSV) and campaign popups with a
 * live preview drawn by the player's own popup component (features/campaigns/campaign-popup.tsx).
 * Each edit sends back the version it was made from: a record changed meanwhile is refused and the
 * page says to reload. The server validates everything again (the bonuses and campaigns rules).
 */
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime, inLocale } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import {
  ErrorNote,
  PageHeading,
  PillTabs,
  TableBox,
  TD,
  TH,
} from '../features/backoffice/backoffice-shell.tsx';
import {
  AMOUNT_FIELDS,
  amountFieldsOf,
  amountOrNull,
  BONUS_KINDS,
  type BonusTemplate,
  CONTRIBUTION_TYPES,
  formatMinDeposits,
  fromLocalInput,
  integerOrNull,
  type Localized,
  OFFER_TRIGGERS,
  type Offer,
  type Popup,
  PROMOTION_TABS,
  type PromoCode,
  parseMinDeposits,
  parseTab,
  promoCodesCsv,
  splitList,
  type TemplateAmounts,
  toLocalInput,
} from '../features/backoffice/promotions.ts';
import { CampaignPopupBody } from '../features/campaigns/campaign-popup.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/backoffice-promotions';

const INPUT = 'min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base text-text';
const LABEL = 'flex flex-col gap-1.5 text-sm font-medium';
const LOCALES = ['en', 'fr'] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'promotions.edit');
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get('tab'));
  const edit = url.searchParams.get('edit');
  const codesOf = Number(url.searchParams.get('codes') ?? '') || null;
  const loaded = await loadOrSignIn(request, async () => {
    const get = <T,>(path: string, query?: Record<string, string | number>) =>
      staffRequest<{ data: { items: T[] } }>(path, {
        signal: request.signal,
        ...(query ? { query } : {}),
      }).then((answer) => answer.data.items);
    const [templates, offers, popups, codes] = await Promise.all([
      tab === 'popups' ? Promise.resolve([]) : get<BonusTemplate>('/nfx/operator/bonus-templates'),
      tab === 'templates' ? Promise.resolve([]) : get<Offer>('/nfx/operator/offers'),
      tab === 'popups' ? get<Popup>('/nfx/operator/popups') : Promise.resolve([]),
      tab === 'offers' && codesOf
        ? get<PromoCode>(`/nfx/operator/offers/${codesOf}/promo-codes`, { count: 1000 })
        : Promise.resolve([]),
    ]);
    return { templates, offers, popups, codes };
  });
  return {
    tab,
    edit,
    codesOf,
    ...(loaded.ok ? loaded.value : { templates: [], offers: [], popups: [], codes: [] }),
    error: loaded.ok ? null : loaded.error,
  };
}

function useSave() {
  const { t } = useTranslation('backoffice');
  const toasts = useToasts();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(path: string, method: 'POST' | 'PUT', body: unknown, done: string) {
    setPending(true);
    setError(null);
    try {
      await staffRequest(path, { method, body });
      toasts.show({ kind: 'success', title: done });
      const query = new URLSearchParams(location.search);
      query.delete('edit');
      await navigate(`${location.pathname}?${query}`, { replace: true });
    } catch (caught) {
      setError(errorText(t, caught));
    } finally {
      setPending(false);
    }
  }
  return { save, pending, error };
}

function localized(form: FormData, name: string): Localized {
  return { en: String(form.get(`${name}.en`) ?? ''), fr: String(form.get(`${name}.fr`) ?? '') };
}

function LocalizedFields({
  name,
  label,
  value,
  multiline = false,
  onChange,
}: {
  name: string;
  label: string;
  value: Localized | undefined;
  multiline?: boolean;
  onChange?: (next: Localized) => void;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <fieldset className="grid gap-3 tablet:grid-cols-2">
      <legend className="mb-1.5 text-sm font-semibold">{label}</legend>
      {LOCALES.map((locale) => {
        const caption = t(`promotions.locale.${locale}`);
        const change = (text: string) => onChange?.({ ...(value ?? { en: '', fr: '' }), [locale]: text });
        return multiline ? (
          <label key={locale} className={LABEL}>
            <span className="text-xs text-muted">{caption}</span>
            <textarea
              name={`${name}.${locale}`}
              required
              rows={4}
              defaultValue={value?.[locale] ?? ''}
              onChange={(event) => change(event.target.value)}
              className={cx(INPUT, 'py-2')}
            />
          </label>
        ) : (
          <label key={locale} className={LABEL}>
            <span className="text-xs text-muted">{caption}</span>
            <input
              name={`${name}.${locale}`}
              required
              defaultValue={value?.[locale] ?? ''}
              onChange={(event) => change(event.target.value)}
              className={INPUT}
            />
          </label>
        );
      })}
    </fieldset>
  );
}

function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('backoffice');
  return (
    <span
      className={cx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        enabled ? 'bg-accent/15 text-accent' : 'bg-raised text-muted',
      )}
    >
      {enabled ? t('promotions.enabled') : t('promotions.disabled')}
    </span>
  );
}

function FormActions({ pending, cancelHref }: { pending: boolean; cancelHref: string }) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button href={cancelHref} variant="ghost" size="sm">
        {t('cancel')}
      </Button>
      <Button type="submit" size="sm" loading={pending} data-testid="promotions-save">
        {t('promotions.save')}
      </Button>
    </div>
  );
}

export default function BackofficePromotions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const { tab } = loaderData;
  const href = (query: Record<string, string | number>) =>
    `${location.pathname}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  return (
    <div>
      <PageHeading title={t('promotions.title')} />
      <PillTabs
        label={t('promotions.tabs')}
        tabs={PROMOTION_TABS.map((value) => ({
          key: value,
          href: href({ tab: value }),
          text: t(`promotions.tab.${value}`),
          current: value === tab,
        }))}
      />
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {tab === 'templates' && <TemplatesTab data={loaderData} href={href} />}
      {tab === 'offers' && <OffersTab data={loaderData} href={href} />}
      {tab === 'popups' && <PopupsTab data={loaderData} href={href} />}
    </div>
  );
}

type Data = Route.ComponentProps['loaderData'];
type Href = (query: Record<string, string | number>) => string;

function TemplatesTab({ data, href }: { data: Data; href: Href }) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const editing =
    data.edit === 'new' ? null : data.templates.find((template) => String(template.id) === data.edit);
  if (data.edit === 'new' || editing) {
    return <TemplateForm template={editing ?? null} cancelHref={href({ tab: 'templates' })} />;
  }
  return (
    <>
      <div className="mb-3 flex justify-end">
        <Button href={href({ tab: 'templates', edit: 'new' })} size="sm" iconStart="plus">
          {t('promotions.templates.new')}
        </Button>
      </div>
      <TableBox label={t('promotions.tab.templates')}>
        <table className="w-full min-w-[44rem] border-collapse">
          <thead className="border-b border-border">
            <tr>
              <th className={TH}>{t('promotions.key')}</th>
              <th className={TH}>{t('promotions.name')}</th>
              <th className={TH}>{t('promotions.templates.kind')}</th>
              <th className={TH}>{t('promotions.templates.wagering')}</th>
              <th className={TH}>{t('promotions.status')}</th>
              <th className={TH}>{t('promotions.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.templates.map((template) => (
              <tr key={template.id} className="border-b border-border last:border-0">
                <td className={cx(TD, 'font-mono')}>{template.key}</td>
                <td className={TD}>{inLocale(template.name, locale)}</td>
                <td className={TD}>
                  {t(`promotions.kinds.${template.kind}`, { defaultValue: template.kind })}
                </td>
                <td className={cx(TD, 'tabular-nums')}>×{template.wagering_multiplier}</td>
                <td className={TD}>
                  <EnabledBadge enabled={template.enabled} />
                  {template.in_use && (
                    <span className="ms-2 text-xs text-muted">{t('promotions.templates.inUse')}</span>
                  )}
                </td>
                <td className={TD}>
                  <Button href={href({ tab: 'templates', edit: template.id })} size="sm" variant="secondary">
                    {t('promotions.edit')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </>
  );
}

function TemplateForm({ template, cancelHref }: { template: BonusTemplate | null; cancelHref: string }) {
  const { t } = useTranslation('backoffice');
  const { save, pending, error } = useSave();
  const [kind, setKind] = useState(template?.kind ?? 'fixed');
  const [currencies, setCurrencies] = useState<string[]>(Object.keys(template?.amounts ?? { EUR: null }));
  const [newCurrency, setNewCurrency] = useState('');
  const fields = amountFieldsOf(kind);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const amounts: Record<string, TemplateAmounts> = {};
    for (const currency of currencies) {
      const row = {} as TemplateAmounts;
      for (const field of AMOUNT_FIELDS) {
        row[field] = fields.includes(field) ? amountOrNull(form.get(`amount.${currency}.${field}`)) : null;
      }
      amounts[currency] = row;
    }
    const body = {
      kind,
      name: localized(form, 'name'),
      description: localized(form, 'description'),
      percent: kind === 'deposit_match' ? integerOrNull(form.get('percent')) : null,
      amounts,
      wagering_multiplier: integerOrNull(form.get('wagering_multiplier')) ?? 0,
      contributions: Object.fromEntries(
        CONTRIBUTION_TYPES.flatMap((type) => {
          const weight = integerOrNull(form.get(`contribution.${type}`));
          return weight === null ? [] : [[type, weight]];
        }),
      ),
      game_contributions: template?.game_contributions ?? {},
      allowed_game_types: template?.allowed_game_types ?? [],
      allowed_games: template?.allowed_games ?? [],
      activation_days: integerOrNull(form.get('activation_days')) ?? 0,
      wagering_days: integerOrNull(form.get('wagering_days')) ?? 0,
      freespin_game: kind === 'free_spins' ? amountOrNull(form.get('freespin_game')) : null,
      freespin_count: kind === 'free_spins' ? integerOrNull(form.get('freespin_count')) : null,
      enabled: form.get('enabled') === 'on',
    };
    if (template) {
      await save(
        `/nfx/operator/bonus-templates/${template.id}`,
        'PUT',
        { ...body, version: template.version },
        t('promotions.saved'),
      );
    } else {
      await save(
        '/nfx/operator/bonus-templates',
        'POST',
        { ...body, key: String(form.get('key') ?? '') },
        t('promotions.saved'),
      );
    }
  }

  return (
    <form onSubmit={submit} className="flex max-w-3xl flex-col gap-4" data-testid="template-form">
      <h2 className="text-lg font-semibold">
        {template
          ? t('promotions.templates.editTitle', { key: template.key })
          : t('promotions.templates.new')}
      </h2>
      {template?.in_use && <p className="text-sm text-warning">{t('promotions.templates.inUseNote')}</p>}
      <div className="grid gap-3 tablet:grid-cols-2">
        {!template && (
          <label className={LABEL}>
            {t('promotions.key')}
            <input
              name="key"
              required
              pattern="[a-z0-9][a-z0-9_\-]{0,63}"
              className={cx(INPUT, 'font-mono')}
            />
          </label>
        )}
        <label className={LABEL}>
          {t('promotions.templates.kind')}
          <select
            value={kind}
            onChange={(event) => setKind(event.target.value)}
            className={INPUT}
            name="kind"
          >
            {BONUS_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`promotions.kinds.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LocalizedFields name="name" label={t('promotions.name')} value={template?.name} />
      <LocalizedFields
        name="description"
        label={t('promotions.description')}
        value={template?.description}
        multiline
      />
      <div className="grid gap-3 tablet:grid-cols-3">
        {kind === 'deposit_match' && (
          <label className={LABEL}>
            {t('promotions.templates.percent')}
            <input
              name="percent"
              type="number"
              min={1}
              max={1000}
              required
              defaultValue={template?.percent ?? ''}
              className={INPUT}
            />
          </label>
        )}
        <label className={LABEL}>
          {t('promotions.templates.wageringMultiplier')}
          <input
            name="wagering_multiplier"
            type="number"
            min={0}
            required
            defaultValue={template?.wagering_multiplier ?? 0}
            className={INPUT}
          />
        </label>
        <label className={LABEL}>
          {t('promotions.templates.activationDays')}
          <input
            name="activation_days"
            type="number"
            min={1}
            max={365}
            required
            defaultValue={template?.activation_days ?? 7}
            className={INPUT}
          />
        </label>
        <label className={LABEL}>
          {t('promotions.templates.wageringDays')}
          <input
            name="wagering_days"
            type="number"
            min={1}
            max={365}
            required
            defaultValue={template?.wagering_days ?? 30}
            className={INPUT}
          />
        </label>
        {kind === 'free_spins' && (
          <>
            <label className={LABEL}>
              {t('promotions.templates.freespinGame')}
              <input
                name="freespin_game"
                required
                defaultValue={template?.freespin_game ?? ''}
                className={INPUT}
              />
            </label>
            <label className={LABEL}>
              {t('promotions.templates.freespinCount')}
              <input
                name="freespin_count"
                type="number"
                min={1}
                max={1000}
                required
                defaultValue={template?.freespin_count ?? ''}
                className={INPUT}
              />
            </label>
          </>
        )}
      </div>
      <fieldset className="grid gap-3 tablet:grid-cols-4">
        <legend className="mb-1.5 text-sm font-semibold">{t('promotions.templates.contributions')}</legend>
        {CONTRIBUTION_TYPES.map((type) => (
          <label key={type} className={LABEL}>
            <span className="text-xs text-muted">{t(`promotions.gameTypes.${type}`)}</span>
            <input
              name={`contribution.${type}`}
              type="number"
              min={0}
              max={100}
              placeholder={t('promotions.templates.defaultWeight')}
              defaultValue={template?.contributions[type] ?? ''}
              className={cx(INPUT, 'tabular-nums')}
            />
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1.5 text-sm font-semibold">{t('promotions.templates.amounts')}</legend>
        {currencies.map((currency) => (
          <div
            key={currency}
            className="grid items-end gap-3 rounded-lg border border-border p-3 tablet:grid-cols-5"
          >
            <span className="font-mono text-sm font-semibold">{currency}</span>
            {fields.map((field) => (
              <label key={field} className={LABEL}>
                <span className="text-xs text-muted">{t(`promotions.amount.${field}`)}</span>
                <input
                  name={`amount.${currency}.${field}`}
                  inputMode="decimal"
                  defaultValue={template?.amounts[currency]?.[field] ?? ''}
                  className={cx(INPUT, 'tabular-nums')}
                />
              </label>
            ))}
            {currencies.length > 1 && (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => setCurrencies(currencies.filter((c) => c !== currency))}
              >
                {t('promotions.templates.removeCurrency')}
              </Button>
            )}
          </div>
        ))}
        <div className="flex items-end gap-2">
          <label className={LABEL}>
            <span className="text-xs text-muted">{t('promotions.templates.currency')}</span>
            <input
              value={newCurrency}
              onChange={(event) => setNewCurrency(event.target.value.toUpperCase())}
              maxLength={3}
              className={cx(INPUT, 'w-24 font-mono')}
            />
          </label>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => {
              if (/^[A-Z]{3}$/.test(newCurrency) && !currencies.includes(newCurrency)) {
                setCurrencies([...currencies, newCurrency]);
                setNewCurrency('');
              }
            }}
          >
            {t('promotions.templates.addCurrency')}
          </Button>
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="enabled"
          defaultChecked={template?.enabled ?? true}
          className="size-4 accent-accent"
        />
        {t('promotions.enabledLabel')}
      </label>
      {error && <ErrorNote text={error} />}
      <FormActions pending={pending} cancelHref={cancelHref} />
    </form>
  );
}

function OffersTab({ data, href }: { data: Data; href: Href }) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const editing = data.edit === 'new' ? null : data.offers.find((offer) => String(offer.id) === data.edit);
  if (data.edit === 'new' || editing) {
    return (
      <OfferForm offer={editing ?? null} templates={data.templates} cancelHref={href({ tab: 'offers' })} />
    );
  }
  const codesOffer = data.offers.find((offer) => offer.id === data.codesOf);
  return (
    <>
      <div className="mb-3 flex justify-end">
        <Button href={href({ tab: 'offers', edit: 'new' })} size="sm" iconStart="plus">
          {t('promotions.offers.new')}
        </Button>
      </div>
      <TableBox label={t('promotions.tab.offers')}>
        <table className="w-full min-w-[48rem] border-collapse">
          <thead className="border-b border-border">
            <tr>
              <th className={TH}>{t('promotions.key')}</th>
              <th className={TH}>{t('promotions.name')}</th>
              <th className={TH}>{t('promotions.offers.trigger')}</th>
              <th className={TH}>{t('promotions.window')}</th>
              <th className={TH}>{t('promotions.status')}</th>
              <th className={TH}>{t('promotions.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.offers.map((offer) => (
              <tr
                key={offer.id}
                className="border-b border-border last:border-0"
                data-testid={`offer-row-${offer.key}`}
              >
                <td className={cx(TD, 'font-mono')}>{offer.key}</td>
                <td className={TD}>{inLocale(offer.title, locale)}</td>
                <td className={TD}>
                  {t(`promotions.triggers.${offer.trigger}`, { defaultValue: offer.trigger })}
                </td>
                <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                  {formatStaffDateTime(offer.starts_at, locale)}
                  {offer.ends_at ? ` – ${formatStaffDateTime(offer.ends_at, locale)}` : ''}
                </td>
                <td className={TD}>
                  <EnabledBadge enabled={offer.enabled} />
                </td>
                <td className={TD}>
                  <div className="flex gap-2">
                    <Button href={href({ tab: 'offers', edit: offer.id })} size="sm" variant="secondary">
                      {t('promotions.edit')}
                    </Button>
                    {offer.trigger === 'promo_code' && (
                      <Button href={href({ tab: 'offers', codes: offer.id })} size="sm" variant="secondary">
                        {t('promotions.codes.open')}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      {codesOffer && <PromoCodes offer={codesOffer} codes={data.codes} />}
    </>
  );
}

function OfferForm({
  offer,
  templates,
  cancelHref,
}: {
  offer: Offer | null;
  templates: BonusTemplate[];
  cancelHref: string;
}) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const { save, pending, error } = useSave();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      trigger: offer?.trigger ?? String(form.get('trigger') ?? ''),
      title: localized(form, 'title'),
      description: localized(form, 'description'),
      first_deposit_only: form.get('first_deposit_only') === 'on',
      min_deposit: parseMinDeposits(String(form.get('min_deposit') ?? '')),
      currencies: splitList(String(form.get('currencies') ?? '')).map((c) => c.toUpperCase()),
      exclude_methods: splitList(String(form.get('exclude_methods') ?? '')),
      template_ids: form.getAll('template_ids').map(Number),
      starts_at: fromLocalInput(form.get('starts_at')) ?? new Date().toISOString(),
      ends_at: fromLocalInput(form.get('ends_at')),
      enabled: form.get('enabled') === 'on',
    };
    if (offer) {
      await save(
        `/nfx/operator/offers/${offer.id}`,
        'PUT',
        { ...body, version: offer.version },
        t('promotions.saved'),
      );
    } else {
      await save(
        '/nfx/operator/offers',
        'POST',
        { ...body, key: String(form.get('key') ?? '') },
        t('promotions.saved'),
      );
    }
  }
  return (
    <form onSubmit={submit} className="flex max-w-3xl flex-col gap-4" data-testid="offer-form">
      <h2 className="text-lg font-semibold">
        {offer ? t('promotions.offers.editTitle', { key: offer.key }) : t('promotions.offers.new')}
      </h2>
      <div className="grid gap-3 tablet:grid-cols-2">
        {!offer && (
          <label className={LABEL}>
            {t('promotions.key')}
            <input
              name="key"
              required
              pattern="[a-z0-9][a-z0-9_\-]{0,63}"
              className={cx(INPUT, 'font-mono')}
            />
          </label>
        )}
        <label className={LABEL}>
          {t('promotions.offers.trigger')}
          <select
            name="trigger"
            defaultValue={offer?.trigger ?? 'promo_code'}
            disabled={offer !== null}
            className={INPUT}
          >
            {OFFER_TRIGGERS.map((value) => (
              <option key={value} value={value}>
                {t(`promotions.triggers.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LocalizedFields name="title" label={t('promotions.name')} value={offer?.title} />
      <LocalizedFields
        name="description"
        label={t('promotions.description')}
        value={offer?.description}
        multiline
      />
      <fieldset className="grid gap-3 tablet:grid-cols-3">
        <legend className="mb-1.5 text-sm font-semibold">{t('promotions.offers.conditions')}</legend>
        <label className={LABEL}>
          {t('promotions.offers.minDeposit')}
          <input
            name="min_deposit"
            defaultValue={formatMinDeposits(offer?.min_deposit ?? {})}
            placeholder="EUR 10.00, USD 10.00"
            className={cx(INPUT, 'font-mono')}
          />
        </label>
        <label className={LABEL}>
          {t('promotions.offers.currencies')}
          <input
            name="currencies"
            defaultValue={(offer?.currencies ?? []).join(', ')}
            placeholder="EUR, USD"
            className={cx(INPUT, 'font-mono')}
          />
        </label>
        <label className={LABEL}>
          {t('promotions.offers.excludeMethods')}
          <input
            name="exclude_methods"
            defaultValue={(offer?.exclude_methods ?? []).join(', ')}
            className={cx(INPUT, 'font-mono')}
          />
        </label>
        <label className="flex items-center gap-2 text-sm tablet:col-span-3">
          <input
            type="checkbox"
            name="first_deposit_only"
            defaultChecked={offer?.first_deposit_only ?? false}
            className="size-4 accent-accent"
          />
          {t('promotions.offers.firstDepositOnly')}
        </label>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-semibold">{t('promotions.offers.templates')}</legend>
        {templates.map((template) => (
          <label key={template.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="template_ids"
              value={template.id}
              defaultChecked={offer?.template_ids.includes(template.id) ?? false}
              className="size-4 accent-accent"
            />
            <span className="font-mono">{template.key}</span>
            <span className="text-muted">{inLocale(template.name, locale)}</span>
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 tablet:grid-cols-2">
        <label className={LABEL}>
          {t('promotions.startsAt')}
          <input
            name="starts_at"
            type="datetime-local"
            defaultValue={toLocalInput(offer?.starts_at ?? null)}
            className={INPUT}
          />
        </label>
        <label className={LABEL}>
          {t('promotions.endsAt')}
          <input
            name="ends_at"
            type="datetime-local"
            defaultValue={toLocalInput(offer?.ends_at ?? null)}
            className={INPUT}
          />
        </label>
      </div>
      <p className="text-xs text-muted">{t('promotions.utc')}</p>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="enabled"
          defaultChecked={offer?.enabled ?? true}
          className="size-4 accent-accent"
        />
        {t('promotions.enabledLabel')}
      </label>
      {error && <ErrorNote text={error} />}
      <FormActions pending={pending} cancelHref={cancelHref} />
    </form>
  );
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function PromoCodes({ offer, codes }: { offer: Offer; codes: PromoCode[] }) {
  const { t } = useTranslation('backoffice');
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<'codes' | 'batch'>('codes');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<PromoCode[]>([]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const usage = integerOrNull(form.get('usage_limit')) ?? 1;
    const body =
      mode === 'codes'
        ? {
            codes: String(form.get('codes') ?? '')
              .split(/[\s,;]+/)
              .filter((code) => code !== ''),
            usage_limit: usage,
          }
        : {
            batch: { prefix: String(form.get('prefix') ?? ''), count: integerOrNull(form.get('count')) ?? 1 },
            usage_limit: usage,
          };
    const endsAt = fromLocalInput(form.get('ends_at'));
    setPending(true);
    setError(null);
    try {
      const answer = await staffRequest<{ data: { items: PromoCode[] } }>(
        `/nfx/operator/offers/${offer.id}/promo-codes`,
        { method: 'POST', body: endsAt ? { ...body, ends_at: endsAt } : body },
      );
      setCreated(answer.data.items);
      toasts.show({
        kind: 'success',
        title: t('promotions.codes.created', { count: answer.data.items.length }),
      });
      element.reset();
      await revalidator.revalidate();
    } catch (caught) {
      setError(errorText(t, caught));
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      className="mt-6 flex flex-col gap-4"
      aria-label={t('promotions.codes.title', { key: offer.key })}
    >
      <h2 className="text-lg font-semibold">{t('promotions.codes.title', { key: offer.key })}</h2>
      <form
        onSubmit={submit}
        className="flex max-w-3xl flex-col gap-3 rounded-xl border border-border bg-surface p-4"
        data-testid="promo-code-form"
      >
        <div className="flex gap-4 text-sm" role="radiogroup" aria-label={t('promotions.codes.mode')}>
          {(['codes', 'batch'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="mode"
                checked={mode === value}
                onChange={() => setMode(value)}
                className="size-4 accent-accent"
              />
              {t(`promotions.codes.${value}`)}
            </label>
          ))}
        </div>
        {mode === 'codes' ? (
          <label className={LABEL}>
            {t('promotions.codes.list')}
            <input
              name="codes"
              required
              className={cx(INPUT, 'font-mono uppercase')}
              data-testid="promo-codes-input"
            />
          </label>
        ) : (
          <div className="grid gap-3 tablet:grid-cols-2">
            <label className={LABEL}>
              {t('promotions.codes.prefix')}
              <input
                name="prefix"
                pattern="[A-Za-z0-9_\-]{0,16}"
                className={cx(INPUT, 'font-mono uppercase')}
              />
            </label>
            <label className={LABEL}>
              {t('promotions.codes.count')}
              <input
                name="count"
                type="number"
                min={1}
                max={1000}
                required
                defaultValue={100}
                className={INPUT}
              />
            </label>
          </div>
        )}
        <div className="grid gap-3 tablet:grid-cols-2">
          <label className={LABEL}>
            {t('promotions.codes.usageLimit')}
            <input name="usage_limit" type="number" min={1} required defaultValue={1} className={INPUT} />
          </label>
          <label className={LABEL}>
            {t('promotions.endsAt')}
            <input name="ends_at" type="datetime-local" className={INPUT} />
          </label>
        </div>
        {error && <ErrorNote text={error} />}
        <div className="flex flex-wrap justify-end gap-2">
          {created.length > 0 && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => download(`${offer.key}-new-codes.csv`, promoCodesCsv(offer.key, created))}
            >
              {t('promotions.codes.downloadNew', { count: created.length })}
            </Button>
          )}
          <Button type="submit" size="sm" loading={pending} data-testid="promo-codes-create">
            {t('promotions.codes.create')}
          </Button>
        </div>
      </form>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted">{t('promotions.codes.count_shown', { count: codes.length })}</p>
        {codes.length > 0 && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => download(`${offer.key}-codes.csv`, promoCodesCsv(offer.key, codes))}
            data-testid="promo-codes-download"
          >
            {t('promotions.codes.download')}
          </Button>
        )}
      </div>
      {codes.length > 0 && (
        <TableBox label={t('promotions.codes.table', { key: offer.key })}>
          <table className="w-full min-w-[32rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('promotions.codes.code')}</th>
                <th className={TH}>{t('promotions.codes.usage')}</th>
                <th className={TH}>{t('promotions.endsAt')}</th>
              </tr>
            </thead>
            <tbody>
              {codes.slice(0, 200).map((code) => (
                <tr key={code.code} className="border-b border-border last:border-0">
                  <td className={cx(TD, 'font-mono')}>{code.code}</td>
                  <td className={cx(TD, 'tabular-nums')}>
                    {code.used ?? 0} / {code.usage_limit}
                  </td>
                  <td className={cx(TD, 'tabular-nums')}>{code.ends_at ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

function PopupsTab({ data, href }: { data: Data; href: Href }) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const editing = data.edit === 'new' ? null : data.popups.find((popup) => String(popup.id) === data.edit);
  if (data.edit === 'new' || editing) {
    return <PopupForm popup={editing ?? null} offers={data.offers} cancelHref={href({ tab: 'popups' })} />;
  }
  return (
    <>
      <div className="mb-3 flex justify-end">
        <Button href={href({ tab: 'popups', edit: 'new' })} size="sm" iconStart="plus">
          {t('promotions.popups.new')}
        </Button>
      </div>
      <TableBox label={t('promotions.tab.popups')}>
        <table className="w-full min-w-[40rem] border-collapse">
          <thead className="border-b border-border">
            <tr>
              <th className={TH}>{t('promotions.key')}</th>
              <th className={TH}>{t('promotions.name')}</th>
              <th className={TH}>{t('promotions.status')}</th>
              <th className={TH}>{t('promotions.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.popups.map((popup) => (
              <tr key={popup.id} className="border-b border-border last:border-0">
                <td className={cx(TD, 'font-mono')}>{popup.key}</td>
                <td className={TD}>{inLocale(popup.title, locale)}</td>
                <td className={TD}>
                  <EnabledBadge enabled={popup.enabled} />
                </td>
                <td className={TD}>
                  <Button href={href({ tab: 'popups', edit: popup.id })} size="sm" variant="secondary">
                    {t('promotions.edit')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </>
  );
}

function PopupForm({
  popup,
  offers,
  cancelHref,
}: {
  popup: Popup | null;
  offers: Offer[];
  cancelHref: string;
}) {
  const { t } = useTranslation('backoffice');
  const { save, pending, error } = useSave();
  const [title, setTitle] = useState<Localized>(popup?.title ?? { en: '', fr: '' });
  const [content, setContent] = useState<Localized>(popup?.content ?? { en: '', fr: '' });
  const [offerId, setOfferId] = useState<number | null>(popup?.offer_id ?? null);
  const [shown, setShown] = useState<'en' | 'fr'>('en');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      title,
      content,
      offer_id: offerId,
      starts_at: fromLocalInput(form.get('starts_at')) ?? new Date().toISOString(),
      ends_at: fromLocalInput(form.get('ends_at')),
      enabled: form.get('enabled') === 'on',
    };
    if (popup) {
      await save(
        `/nfx/operator/popups/${popup.id}`,
        'PUT',
        { ...body, version: popup.version },
        t('promotions.saved'),
      );
    } else {
      await save(
        '/nfx/operator/popups',
        'POST',
        { ...body, key: String(form.get('key') ?? '') },
        t('promotions.saved'),
      );
    }
  }

  return (
    <div className="grid gap-6 laptop:grid-cols-[minmax(0,1fr)_22rem]">
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="popup-form">
        <h2 className="text-lg font-semibold">
          {popup ? t('promotions.popups.editTitle', { key: popup.key }) : t('promotions.popups.new')}
        </h2>
        {!popup && (
          <label className={LABEL}>
            {t('promotions.key')}
            <input name="key" required pattern="[a-z0-9\-]{1,64}" className={cx(INPUT, 'font-mono')} />
          </label>
        )}
        <LocalizedFields name="title" label={t('promotions.name')} value={title} onChange={setTitle} />
        <LocalizedFields
          name="content"
          label={t('promotions.popups.content')}
          value={content}
          onChange={setContent}
          multiline
        />
        <p className="text-xs text-muted">{t('promotions.popups.plainText')}</p>
        <label className={LABEL}>
          {t('promotions.popups.offer')}
          <select
            value={offerId ?? ''}
            onChange={(event) => setOfferId(event.target.value === '' ? null : Number(event.target.value))}
            className={INPUT}
          >
            <option value="">{t('promotions.popups.noOffer')}</option>
            {offers.map((offer) => (
              <option key={offer.id} value={offer.id}>
                {offer.key}
              </option>
            ))}
          </select>
        </label>
        <div className="grid gap-3 tablet:grid-cols-2">
          <label className={LABEL}>
            {t('promotions.startsAt')}
            <input
              name="starts_at"
              type="datetime-local"
              defaultValue={toLocalInput(popup?.starts_at ?? null)}
              className={INPUT}
            />
          </label>
          <label className={LABEL}>
            {t('promotions.endsAt')}
            <input
              name="ends_at"
              type="datetime-local"
              defaultValue={toLocalInput(popup?.ends_at ?? null)}
              className={INPUT}
            />
          </label>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="enabled"
            defaultChecked={popup?.enabled ?? true}
            className="size-4 accent-accent"
          />
          {t('promotions.enabledLabel')}
        </label>
        {error && <ErrorNote text={error} />}
        <FormActions pending={pending} cancelHref={cancelHref} />
      </form>
      <section
        aria-label={t('promotions.popups.preview')}
        className="flex flex-col gap-3"
        data-testid="popup-preview"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('promotions.popups.preview')}</h2>
          <div className="flex gap-1">
            {LOCALES.map((locale) => (
              <Button
                key={locale}
                type="button"
                size="sm"
                variant={shown === locale ? 'secondary' : 'ghost'}
                aria-pressed={shown === locale}
                onClick={() => setShown(locale)}
              >
                {locale.toUpperCase()}
              </Button>
            ))}
          </div>
        </div>
        <div className="rounded-2xl border border-border bg-surface p-5 shadow-lg">
          <p className="mb-4 text-lg font-semibold">{title[shown]}</p>
          <CampaignPopupBody
            popup={{ key: popup?.key ?? 'new', content: content[shown], offer_id: offerId }}
            preview
            offerHref={`${shown === 'fr' ? '/fr' : ''}/offers/${offerId ?? ''}`}
            onClose={() => undefined}
          />
        </div>
      </section>
    </div>
  );
}
