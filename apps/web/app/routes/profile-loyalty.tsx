/**
 * /profile/loyalty (spec §2, ADR 033): the player's points and level progress, and the character
 * choice (with the change confirm) when the loyalty config enables characters.
 */
import { showsCharacterIn } from '../features/loyalty/loyalty-maths.ts';
import { ProfileLoyaltyPage } from '../features/loyalty/loyalty-views.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/profile-loyalty';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [config, info, characters] = await Promise.all([
    web.content.getConfig(locale),
    orErrorPage(web.api.call('loyalty.getinfo', {})),
    orErrorPage(web.api.call('loyalty.getcharacters', { limit: 100 })),
  ]);
  return {
    info,
    characters: characters.items,
    showCharacters: showsCharacterIn(config.loyalty, 'profile'),
    pageMeta: { title: i18nFor(locale).t('loyalty:page.profileTitle') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ProfileLoyalty({ loaderData }: Route.ComponentProps) {
  return (
    <ProfileLoyaltyPage
      info={loaderData.info}
      characters={loaderData.characters}
      showCharacters={loaderData.showCharacters}
    />
  );
}
