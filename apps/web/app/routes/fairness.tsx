/**
 * /fairness and /fr/fairness (game-codes.md "Fairness (verifier) page"): provably fair explained
 * in plain words, and a verifier that recomputes any round in the browser from its revealed seeds
 * with packages/games' verify.ts. The query (`game, server_seed, server_seed_hash, client_seed,
 * nonce, bet, actions`) prefills the form; a complete query is verified straight away.
 */

import { formFromQuery } from '../features/rgs/fairness/fairness-input.ts';
import { FairnessPage } from '../features/rgs/fairness/fairness-page.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import type { Route } from './+types/fairness';

export function loader({ url }: Route.LoaderArgs) {
  const { t } = i18nFor(localeOfPath(url.pathname));
  return {
    form: formFromQuery(url.searchParams),
    pageMeta: { title: t('fairness:title') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function Fairness({ loaderData }: Route.ComponentProps) {
  return <FairnessPage initialForm={loaderData.form} />;
}
