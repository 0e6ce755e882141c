/**
 * The promo-code field (spec §3 "Promo code form: value, validity, message"; §7
 * `campaigns.activateOffer`; §8 failure handling). On failure: the text of the FIRST promo_code
 * error code (fallback INVALID), the field marked invalid (aria-invalid), and the promo-not-found
 * analytics event. On success: the promo-code-activated popup (then the betting-bonus confirm when
 * a betting bonus was granted). Keep the props simple: other pages embed it.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useActivatePromoCode } from './use-activate-promo-code.ts';

/** Spec §3: the form's state. `validity` false marks the field invalid. */
export interface PromoCodeFormState {
  value: string;
  validity: boolean;
  message: string;
}

export function PromoCodeForm({ onActivated }: { onActivated?: (offer: OfferOutput) => void }) {
  const { t } = useTranslation('campaigns');
  const { activate, pending } = useActivatePromoCode();
  const [form, setForm] = useState<PromoCodeFormState>({ value: '', validity: true, message: '' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = form.value.trim();
    if (code === '') {
      setForm({ value: form.value, validity: false, message: t('promoCode.required') });
      return;
    }
    const result = await activate(code);
    if (result.ok) {
      setForm({ value: '', validity: true, message: '' });
      onActivated?.(result.offer);
    } else {
      setForm({ value: form.value, validity: false, message: result.message });
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 tablet:flex-row tablet:items-start"
      data-testid="promo-code-form"
    >
      <Field label={t('promoCode.label')} error={form.validity ? null : form.message} className="flex-1">
        <Input
          name="promo_code"
          value={form.value}
          onChange={(event) => setForm({ value: event.target.value, validity: true, message: '' })}
          placeholder={t('promoCode.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          data-testid="promo-code-input"
        />
      </Field>
      <Button
        type="submit"
        loading={pending !== null}
        fullWidth
        className="tablet:mt-7 tablet:w-auto"
        data-testid="promo-code-submit"
      >
        {t('promoCode.submit')}
      </Button>
    </form>
  );
}
