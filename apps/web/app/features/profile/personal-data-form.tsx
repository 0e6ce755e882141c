/**
 * Personal data (spec §3 Profile data): names, sex, birth date, document number (cpf), country,
 * region, town, address and postcode, checked with the shared rules as the player types or on
 * submit (per configuration), saved with `account.saveProfileInfo`. A field the server refuses is
 * marked with its message; any other failure says "Failed to save data" (spec §8).
 */
import type { PhoneSettings } from '@croupier/contract/account/get-contact-phone-settings';
import type { PersonalDataField } from '@croupier/contract/account/get-personal-data-fields';
import type { ProfileFields } from '@croupier/contract/account/get-profile-info';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { useMessageOf } from './form-settings.tsx';
import {
  fieldRules,
  missingRequiredCount,
  PERSONAL_FORM_FIELDS,
  type PersonalFormField,
  personalDataDefaults,
  personalDataSchema,
} from './personal-data-schema.ts';
import { Badge, ProfileCard } from './profile-card.tsx';
import { Select } from './select.tsx';
import { mapServerFieldErrors } from './server-field-errors.ts';
import { usePlayerApi } from './use-player-api.ts';
import { useSharedForm } from './use-shared-form.ts';

export interface PersonalDataFormProps {
  profile: ProfileFields;
  fields: readonly PersonalDataField[];
  countries: PhoneSettings['countries'];
}

const TEXT_INPUTS: Partial<
  Record<PersonalFormField, { autoComplete: string; inputMode?: 'numeric' | 'text'; wide?: boolean }>
> = {
  first_name: { autoComplete: 'given-name' },
  last_name: { autoComplete: 'family-name' },
  birth_date: { autoComplete: 'bday', inputMode: 'numeric' },
  cpf: { autoComplete: 'off' },
  region: { autoComplete: 'address-level1' },
  home_town: { autoComplete: 'address-level2' },
  address: { autoComplete: 'street-address', wide: true },
  postcode: { autoComplete: 'postal-code', inputMode: 'numeric' },
};

export function PersonalDataForm({ profile, fields, countries }: PersonalDataFormProps) {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const messageOf = useMessageOf();
  const { api, refresh } = usePlayerApi();
  const schema = useMemo(() => personalDataSchema(fields), [fields]);
  const defaults = useMemo(() => personalDataDefaults(profile), [profile]);
  const form = useSharedForm(schema, defaults);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const missing = missingRequiredCount(fields);

  const onSubmit = handleSubmit(async (output) => {
    const countryName = countries.find((country) => country.country_code === output.country_code)?.name;
    try {
      await api.call('account.saveProfileInfo', {
        ...output,
        ...(countryName ? { country: countryName } : {}),
      });
      reset(getValues());
      toasts.show({ kind: 'success', title: t('personal.saved') });
      await refresh();
    } catch (error) {
      const mapped = mapServerFieldErrors(error, PERSONAL_FORM_FIELDS, messageOf, {
        aliases: { country: 'country_code', document_number: 'cpf' },
      });
      for (const name of PERSONAL_FORM_FIELDS) {
        const message = mapped.fields[name];
        if (message) setError(name, { type: 'server', message }, { shouldFocus: name === mapped.firstField });
      }
      if (!mapped.firstField) {
        toasts.show({ kind: 'error', title: t('errors.saveData'), text: mapped.failure?.message });
      }
    }
  });

  function textField(name: PersonalFormField) {
    const input = TEXT_INPUTS[name];
    const rules = fieldRules(fields, name);
    return (
      <Field
        key={name}
        label={t(`personal.fields.${name}`)}
        required={rules.required}
        error={errors[name]?.message}
        hint={
          !rules.editable
            ? t('personal.locked')
            : name === 'birth_date'
              ? t('personal.birthDateHint')
              : undefined
        }
        className={input?.wide ? 'tablet:col-span-2' : undefined}
      >
        <Input
          {...register(name)}
          // Server-rendered pages show the stored values before the form library takes over.
          defaultValue={defaults[name]}
          autoComplete={input?.autoComplete}
          inputMode={input?.inputMode}
          disabled={!rules.editable}
          data-testid={`personal-${name}`}
        />
      </Field>
    );
  }

  const sexRules = fieldRules(fields, 'sex');
  const countryRules = fieldRules(fields, 'country_code');

  return (
    <ProfileCard
      id="personal-data"
      title={t('personal.title')}
      description={t('personal.description')}
      aside={
        missing === 0 ? (
          <Badge tone="success">{t('personal.complete')}</Badge>
        ) : (
          <Badge tone="warning">{t('personal.missing', { count: missing })}</Badge>
        )
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4 tablet:grid-cols-2 tablet:gap-x-5">
        {textField('first_name')}
        {textField('last_name')}
        <Field
          label={t('personal.fields.sex')}
          required={sexRules.required}
          error={errors.sex?.message}
          hint={sexRules.editable ? undefined : t('personal.locked')}
        >
          <Select
            {...register('sex')}
            defaultValue={defaults.sex}
            disabled={!sexRules.editable}
            data-testid="personal-sex"
          >
            <option value="0">{t('personal.sex.unset')}</option>
            <option value="1">{t('personal.sex.male')}</option>
            <option value="2">{t('personal.sex.female')}</option>
          </Select>
        </Field>
        {textField('birth_date')}
        {textField('cpf')}
        <Field
          label={t('personal.fields.country_code')}
          required={countryRules.required}
          error={errors.country_code?.message}
          hint={countryRules.editable ? undefined : t('personal.locked')}
        >
          <Select
            {...register('country_code')}
            defaultValue={defaults.country_code}
            autoComplete="country"
            disabled={!countryRules.editable}
            data-testid="personal-country_code"
          >
            <option value="">{t('personal.countryUnset')}</option>
            {countries.map((country) => (
              <option key={country.country_code} value={country.country_code}>
                {country.name}
              </option>
            ))}
          </Select>
        </Field>
        {textField('region')}
        {textField('home_town')}
        {textField('address')}
        {textField('postcode')}
        <div className="flex flex-col-reverse gap-3 pt-2 tablet:col-span-2 tablet:flex-row tablet:items-center tablet:justify-between">
          <p className="text-sm text-muted">{t('personal.requiredNote')}</p>
          <Button type="submit" loading={isSubmitting} data-testid="personal-save">
            {t('personal.save')}
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}
