/** Links to the sign-in and sign-up pages; they return the visitor through `backUrl` (spec §2). */
import { type Locale, localizePath } from '@croupier/contract/locales';

export function authHref(kind: 'sign_in' | 'sign_up', locale: Locale, back: string): string {
  return `${localizePath(`/forms/${kind}`, locale)}?backUrl=${encodeURIComponent(back)}`;
}
