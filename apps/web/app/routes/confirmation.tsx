/**
 * /confirmation (spec §2): contact confirmation. The code mail links here with `contact` and
 * `code`: a signed-in player's contact is confirmed at once and they land on
 * /confirmation/success. Without them (or when the code fails) the page offers the code form for
 * the player's unconfirmed contacts. A guest is asked to sign in and comes back to the same link.
 */
import { localizePath } from '@croupier/contract/locales';
import { useState } from 'react';
import { redirect, useLocation, useNavigate } from 'react-router';
import { ConfirmContactFlow } from '../features/profile/confirm-contact-flow.tsx';
import { confirmFromLink, findContact } from '../features/profile/confirm-link.ts';
import { FormSettingsProvider, formSettingsOf } from '../features/profile/form-settings.tsx';
import { Select } from '../features/profile/select.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { authHref } from '../lib/auth-links.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Icon } from '../ui/icon.tsx';
import type { Route } from './+types/confirmation';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const { t } = i18nFor(locale);
  const pageMeta = { title: t('profile:confirmation.title') };
  const contact = url.searchParams.get('contact')?.trim() || null;
  const code = url.searchParams.get('code')?.trim() || null;
  if (!web.isAuthenticated) return { state: 'guest' as const, pageMeta };

  const forms = formSettingsOf(await web.content.getConfig(locale), locale);
  let linkError: string | null = null;
  if (contact && code) {
    const outcome = await confirmFromLink(
      web.api,
      { contact, code },
      forms,
      t('profile:errors.confirmContact'),
    );
    if (outcome.ok) throw redirect(localizePath('/confirmation/success', locale));
    linkError = outcome.message;
  }
  const [profile, phone] = await Promise.all([
    orErrorPage(web.api.call('account.getprofileinfo')),
    orErrorPage(web.api.call('account.getContactPhoneSettings')),
  ]);
  const contacts = profile.contacts.filter((entry) => !entry.confirmed);
  return {
    state: 'form' as const,
    pageMeta,
    forms,
    contacts,
    selected: (findContact(contacts, contact) ?? contacts[0])?.value ?? null,
    linkError,
    resendSeconds: phone.resend_seconds,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function Confirmation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('profile');
  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-10 tablet:py-16">
      <div className="mb-6 flex flex-col items-center text-center">
        <span className="mb-4 inline-flex size-16 items-center justify-center rounded-full bg-info/10 text-info ring-1 ring-info/30">
          <Icon name="mail" size="xl" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight tablet:text-3xl">{t('confirmation.title')}</h1>
      </div>
      <div className="rounded-2xl border border-border bg-surface p-4 shadow-card tablet:p-6">
        {loaderData.state === 'guest' ? <GuestPrompt /> : <CodeForm data={loaderData} />}
      </div>
    </section>
  );
}

function GuestPrompt() {
  const { t } = useTranslation('profile');
  const locale = usePageLocale();
  const location = useLocation();
  return (
    <div className="flex flex-col gap-5 text-center">
      <p className="text-muted">{t('confirmation.signIn')}</p>
      <Button
        href={authHref('sign_in', locale, `${location.pathname}${location.search}`)}
        data-testid="confirmation-sign-in"
      >
        {t('confirmation.signInButton')}
      </Button>
    </div>
  );
}

type FormData = Extract<Route.ComponentProps['loaderData'], { state: 'form' }>;

function CodeForm({ data }: { data: FormData }) {
  const { t } = useTranslation('profile');
  const locale = usePageLocale();
  const navigate = useNavigate();
  const [selected, setSelected] = useState(data.selected);
  const contact = data.contacts.find((entry) => entry.value === selected) ?? data.contacts[0];

  if (!contact) {
    return (
      <div className="flex flex-col gap-5 text-center" data-testid="confirmation-nothing">
        <p className="text-muted">{t('confirmation.nothing')}</p>
        <Button href={localizePath('/profile/settings', locale)} variant="secondary">
          {t('confirmation.toProfile')}
        </Button>
      </div>
    );
  }

  return (
    <FormSettingsProvider value={data.forms}>
      <div className="flex flex-col gap-5">
        {data.contacts.length > 1 && (
          <Field label={t('confirmation.choose')}>
            <Select value={contact.value} onChange={(event) => setSelected(event.target.value)}>
              {data.contacts.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.value}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <ConfirmContactFlow
          key={contact.value}
          contact={contact}
          resendSeconds={data.resendSeconds}
          initialError={contact.value === data.selected ? data.linkError : null}
          onConfirmed={() => void navigate(localizePath('/confirmation/success', locale))}
        />
      </div>
    </FormSettingsProvider>
  );
}
