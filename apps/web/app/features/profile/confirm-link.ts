/**
 * Server side of /confirmation?contact=…&code=… (the link in the code mail): confirms with the
 * player's session and says what went wrong otherwise, in the page's language. Only a signed-in
 * player can confirm, and only their own contact, so a mail scanner following the link changes
 * nothing.
 */

import type { ContactOutput } from '@croupier/contract/account/common';
import type { ApiClient } from '@croupier/contract/client';
import { issueToMessage } from '@croupier/contract/validation/fields';
import { isValidationCode } from '@croupier/contract/validation/messages';
import { toApiFailure } from './api-failure.ts';
import type { FormSettings } from './form-settings.tsx';

export type LinkOutcome = { ok: true } | { ok: false; message: string };

export async function confirmFromLink(
  api: ApiClient,
  input: { contact: string; code: string },
  forms: FormSettings,
  genericMessage: string,
): Promise<LinkOutcome> {
  try {
    await api.call('account.confirmContact', input);
    return { ok: true };
  } catch (error) {
    const failure = toApiFailure(error);
    if (!failure) throw error;
    const code = failure.fields.code;
    if (code !== undefined) {
      return {
        ok: false,
        message: isValidationCode(code)
          ? issueToMessage(code, forms.locale, forms.overrides)
          : failure.message,
      };
    }
    // Not their contact, confirmed elsewhere, too many attempts: the server's words say it best.
    if (Object.keys(failure.fields).length > 0 || failure.type === 'TooManyRequestsException') {
      return { ok: false, message: failure.message };
    }
    return { ok: false, message: genericMessage };
  }
}

/** The same contact however it is written: emails in any case, phones with or without `+`/spaces. */
export function sameContact(a: string, b: string): boolean {
  const key = (value: string) =>
    value.includes('@') ? value.trim().toLowerCase() : value.replace(/\D/g, '');
  return key(a) !== '' && key(a) === key(b);
}

export function findContact(
  contacts: readonly ContactOutput[],
  value: string | null,
): ContactOutput | undefined {
  return value ? contacts.find((contact) => sameContact(contact.value, value)) : undefined;
}
