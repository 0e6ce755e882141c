/**
 * /profile/settings (spec §2, §3): personal data, contacts with confirmation, and account
 * preferences (fake name, language, currency). Opens with `from` and `toastType` (a toast once).
 */

import { PromoCodeForm } from '../features/campaigns/promo-code-form.tsx';
import { AccountCard } from '../features/profile/account-card.tsx';
import { ContactsCard } from '../features/profile/contacts-card.tsx';
import { PersonalDataForm } from '../features/profile/personal-data-form.tsx';
import { ProfileCard } from '../features/profile/profile-card.tsx';
import { useProfileOutlet } from '../features/profile/profile-outlet.ts';
import { useEntryToast } from '../features/profile/use-entry-toast.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/profile-settings';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [profile, fields, phone, general] = await Promise.all([
    orErrorPage(web.api.call('account.getprofileinfo')),
    orErrorPage(web.api.call('account.getPersonalDataFields')),
    orErrorPage(web.api.call('account.getContactPhoneSettings')),
    orErrorPage(web.api.call('metadata.getgeneralinfo')),
  ]);
  return {
    profile,
    fields: fields.items,
    phone,
    currencies: general.available_currencies,
    pageMeta: { title: i18nFor(locale).t('profile:nav.settings') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const { account } = useProfileOutlet();
  const { t } = useTranslation('campaigns');
  useEntryToast();
  return (
    <>
      <PersonalDataForm
        profile={loaderData.profile.fields}
        fields={loaderData.fields}
        countries={loaderData.phone.countries}
      />
      <ContactsCard contacts={loaderData.profile.contacts} phone={loaderData.phone} />
      <AccountCard
        fakename={account.fakename}
        accountLocale={account.locale}
        currency={account.currency}
        currencies={loaderData.currencies}
      />
      <ProfileCard id="promo-code" title={t('promoCode.title')} description={t('promoCode.description')}>
        <PromoCodeForm />
      </ProfileCard>
    </>
  );
}
