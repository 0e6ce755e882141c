/**
 * News and offers per contact (spec §3 contacts `subscribed`, §7 `account.changeSubscription`):
 * one switch per email or phone. The switch shows the new state at once and goes back if the
 * server refuses ("Failed to save data", spec §8).
 */
import type { ContactOutput } from '@croupier/contract/account/common';
import { localizePath } from '@croupier/contract/locales';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { toApiFailure } from './api-failure.ts';
import { Badge, ProfileCard } from './profile-card.tsx';
import { ToggleSwitch } from './toggle-switch.tsx';
import { usePlayerApi } from './use-player-api.ts';

export function SubscriptionsCard({ contacts }: { contacts: readonly ContactOutput[] }) {
  const { t } = useTranslation('profile');
  const locale = usePageLocale();
  return (
    <ProfileCard
      id="subscriptions"
      title={t('notification.title')}
      description={t('notification.description')}
    >
      {contacts.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed border-border p-4">
          <p className="text-sm text-muted">{t('notification.empty')}</p>
          <Button href={localizePath('/profile/settings', locale)} variant="secondary" size="sm">
            {t('notification.addContact')}
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
          {contacts.map((contact) => (
            <SubscriptionRow key={`${contact.type}:${contact.value}`} contact={contact} />
          ))}
        </ul>
      )}
    </ProfileCard>
  );
}

function SubscriptionRow({ contact }: { contact: ContactOutput }) {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const { api, refresh } = usePlayerApi();
  // What the player last chose; the loader's value once the page has refreshed.
  const [override, setOverride] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = override ?? contact.subscribed;
  const key = `${contact.type}-${contact.value}`.replace(/[^A-Za-z0-9-]/g, '-');

  async function change(next: boolean) {
    setOverride(next);
    setBusy(true);
    try {
      await api.call('account.changeSubscription', {
        contact: contact.value,
        subscription: next ? '1' : '0',
      });
      toasts.show({
        kind: 'success',
        title: next ? t('notification.subscribed') : t('notification.unsubscribed'),
        text: contact.value,
      });
      await refresh();
    } catch (error) {
      toasts.show({ kind: 'error', title: t('errors.saveContact'), text: toApiFailure(error)?.message });
    }
    setOverride(null);
    setBusy(false);
  }

  return (
    <li
      className="flex min-w-0 items-center gap-3 rounded-xl border border-border bg-background/40 p-3"
      data-testid="subscription"
      data-contact={contact.value}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-raised text-muted">
        <Icon name={contact.type === 'email' ? 'mail' : 'phone'} />
      </span>
      <div className="min-w-0 flex-1">
        <p id={`sub-${key}`} className="truncate font-medium" translate="no">
          {contact.value}
        </p>
        <p id={`sub-${key}-text`} className="mt-0.5 text-sm text-muted">
          {contact.type === 'email' ? t('notification.byEmail') : t('notification.bySms')}
        </p>
        {!contact.confirmed && (
          <div className="mt-1.5">
            <Badge tone="warning">{t('contacts.unconfirmed')}</Badge>
          </div>
        )}
      </div>
      <ToggleSwitch
        checked={checked}
        onChange={change}
        labelledBy={`sub-${key}`}
        describedBy={`sub-${key}-text`}
        busy={busy}
        testId="subscription-switch"
      />
    </li>
  );
}
