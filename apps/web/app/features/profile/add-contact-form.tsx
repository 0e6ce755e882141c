/**
 * Adding an email or a phone (spec §3 contacts, §4 "Contact save", §7 `account.addcontact`). The
 * value is judged as it is typed (shared email / phone rules); a phone gets its country from a
 * select of the countries the site accepts. A refused add marks the field ('wrongEmailAddress' /
 * 'wrongPhoneFormat', or the server's reason such as an already added contact); any other failure
 * says "Failed to add contact" (spec §8).
 */
import type { PhoneSettings } from '@croupier/contract/account/get-contact-phone-settings';
import { emailField, phoneField } from '@croupier/contract/validation/fields';
import { isValidationCode } from '@croupier/contract/validation/messages';
import { type FormEvent, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { Field } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Input } from '../../ui/input.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { toApiFailure } from './api-failure.ts';
import { canAddContact, contactDraftReducer, EMPTY_CONTACT_DRAFT } from './contact-draft.ts';
import { useMessageOf } from './form-settings.tsx';
import { Select } from './select.tsx';
import { usePlayerApi } from './use-player-api.ts';

type ContactKind = 'email' | 'phone';

export interface AddContactFormProps {
  phone: PhoneSettings;
}

export function AddContactForm({ phone }: AddContactFormProps) {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const messageOf = useMessageOf();
  const { api, refresh } = usePlayerApi();
  const kindName = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<ContactKind>('email');
  const [country, setCountry] = useState(phone.default_country_code);
  const [countryError, setCountryError] = useState<string | null>(null);
  const [draft, dispatch] = useReducer(contactDraftReducer, EMPTY_CONTACT_DRAFT);
  const [busy, setBusy] = useState(false);

  function judge(value: string, of: ContactKind): string | null {
    const parsed = (of === 'email' ? emailField() : phoneField()).safeParse(value);
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    return issue ? messageOf(issue) : null;
  }

  function chooseKind(next: ContactKind) {
    setKind(next);
    setCountryError(null);
    dispatch({ type: 'reset' });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canAddContact(draft)) {
      dispatch({ type: 'refused', message: draft.message ?? messageOf('required') });
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setCountryError(null);
    try {
      await api.call(
        'account.addcontact',
        kind === 'email' ? { contact: draft.value } : { contact: draft.value, phone_country_code: country },
      );
      dispatch({ type: 'added' });
      toasts.show({ kind: 'success', title: t('contacts.added'), text: t('contacts.addedText') });
      await refresh();
    } catch (error) {
      const failure = toApiFailure(error);
      const contactCode = failure?.fields.contact;
      if (failure && contactCode !== undefined) {
        // Spec §5: a refused add marks the email or phone wrong; the server's own reason is clearer
        // when it is not a format problem (already added, limit reached).
        const message = isValidationCode(contactCode)
          ? messageOf(kind === 'email' ? 'wrongEmailAddress' : 'wrongPhoneFormat')
          : failure.message;
        dispatch({ type: 'refused', message });
        inputRef.current?.focus();
      } else if (failure?.fields.phone_country_code !== undefined) {
        setCountryError(failure.message);
      } else {
        toasts.show({ kind: 'error', title: t('errors.addContact'), text: failure?.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="add-contact">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('contacts.kind')}</legend>
        <div className="inline-grid grid-cols-2 gap-1 rounded-xl border border-border bg-background p-1">
          {(['email', 'phone'] as const).map((option) => (
            <label
              key={option}
              className={cx(
                'flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                kind === option ? 'bg-raised text-text' : 'text-muted hover:text-text',
              )}
            >
              <input
                type="radio"
                name={kindName}
                value={option}
                checked={kind === option}
                onChange={() => chooseKind(option)}
                className="sr-only"
              />
              <Icon name={option === 'email' ? 'mail' : 'phone'} size="sm" />
              {t(`contacts.kinds.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 tablet:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        {kind === 'phone' && (
          <Field label={t('contacts.country')} error={countryError}>
            <Select
              value={country}
              onChange={(event) => setCountry(event.target.value)}
              autoComplete="tel-country-code"
              data-testid="add-contact-country"
            >
              {phone.countries.map((option) => (
                <option key={option.country_code} value={option.country_code}>
                  {`${option.name} (+${option.dial_code})`}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field
          label={kind === 'email' ? t('contacts.newEmail') : t('contacts.newPhone')}
          error={draft.invalid ? draft.message : null}
          hint={kind === 'phone' ? t('contacts.phoneHint') : undefined}
          className={kind === 'email' ? 'tablet:col-span-2' : undefined}
        >
          <Input
            ref={inputRef}
            type={kind === 'email' ? 'email' : 'tel'}
            autoComplete={kind === 'email' ? 'email' : 'tel-national'}
            inputMode={kind === 'email' ? 'email' : 'tel'}
            value={draft.value}
            onChange={(event) =>
              dispatch({
                type: 'change',
                value: event.target.value,
                message: judge(event.target.value, kind),
              })
            }
            data-testid="add-contact-value"
            data-dirty={draft.dirty}
          />
        </Field>
      </div>
      <div>
        <Button
          type="submit"
          variant="secondary"
          iconStart="plus"
          loading={busy}
          data-testid="add-contact-submit"
        >
          {t('contacts.add')}
        </Button>
      </div>
    </form>
  );
}
