/**
 * The player's contacts (spec §3): each email and phone with whether it is confirmed and
 * subscribed, a confirm action for the unconfirmed ones (code dialog), and the add form.
 */
import type { ContactOutput } from '@croupier/contract/account/common';
import type { PhoneSettings } from '@croupier/contract/account/get-contact-phone-settings';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { AddContactForm } from './add-contact-form.tsx';
import { ConfirmContactFlow } from './confirm-contact-flow.tsx';
import { FormSettingsProvider, useFormSettings } from './form-settings.tsx';
import { Badge, ProfileCard } from './profile-card.tsx';
import { usePlayerApi } from './use-player-api.ts';

export interface ContactsCardProps {
  contacts: readonly ContactOutput[];
  phone: PhoneSettings;
}

export function ContactsCard({ contacts, phone }: ContactsCardProps) {
  const { t } = useTranslation('profile');
  const dialogs = useDialogs();
  const toasts = useToasts();
  const settings = useFormSettings();
  const { refresh } = usePlayerApi();

  function openConfirm(contact: ContactOutput) {
    dialogs.open({
      title: t('confirm.title'),
      size: 'sm',
      content: ({ close }) => (
        // Dialogs render outside the page: the form settings travel with the content.
        <FormSettingsProvider value={settings}>
          <ConfirmContactFlow
            contact={contact}
            resendSeconds={phone.resend_seconds}
            onConfirmed={() => {
              close({ force: true });
              toasts.show({ kind: 'success', title: t('confirm.done'), text: contact.value });
              void refresh();
            }}
          />
        </FormSettingsProvider>
      ),
    });
  }

  return (
    <ProfileCard id="contacts" title={t('contacts.title')} description={t('contacts.description')}>
      {contacts.length === 0 ? (
        <p className="mb-6 rounded-xl border border-dashed border-border p-4 text-sm text-muted">
          {t('contacts.empty')}
        </p>
      ) : (
        <ul className="mb-6 grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="contact-list">
          {contacts.map((contact) => (
            <li
              key={`${contact.type}:${contact.value}`}
              data-testid="contact"
              data-contact={contact.value}
              data-confirmed={contact.confirmed}
              className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-background/40 p-3"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-raised text-muted">
                <Icon name={contact.type === 'email' ? 'mail' : 'phone'} />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" translate="no">
                  <span className="sr-only">{t(`contacts.kinds.${contact.type}`)}: </span>
                  {contact.value}
                </p>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {contact.confirmed ? (
                    <Badge tone="success">
                      <Icon name="check" size="sm" />
                      {t('contacts.confirmed')}
                    </Badge>
                  ) : (
                    <Badge tone="warning">{t('contacts.unconfirmed')}</Badge>
                  )}
                  <Badge tone={contact.subscribed ? 'info' : 'muted'}>
                    {contact.subscribed ? t('contacts.subscribed') : t('contacts.unsubscribed')}
                  </Badge>
                  {contact.is_login && <Badge tone="muted">{t('contacts.login')}</Badge>}
                </div>
              </div>
              {!contact.confirmed && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => openConfirm(contact)}
                  className="max-tablet:w-full"
                  data-testid="confirm-contact-open"
                >
                  {t('contacts.confirm')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mb-3 text-base font-semibold">{t('contacts.addTitle')}</h3>
      <AddContactForm phone={phone} />
    </ProfileCard>
  );
}
