/**
 * The promo-code field (spec §3 "Promo code form: value, validity, message"; §7
 * `campaigns.activateOffer`; §8 failure handling). On failure: the text of the FIRST promo_code
 * error code (fallback INVALID), the field marked invalid (aria-invalid), and the promo-not-found
 * analytics event. On success: the promo-code-activated popup (then the betting-bonus confirm when
 * a betting bonus was granted). Keep the props simple: other pages embed it.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { promoCodeErrorCodes, promoCodeFailureKey, sendPromoNotFound } from './promo-code-failure.ts';
import { showPromoActivated } from './promo-dialogs.tsx';

/** Spec §3: the form's state. `validity` false marks the field invalid. */
export interface PromoCodeFormState {
  value: string;
  validity: boolean;
  message: string;
}

export function PromoCodeForm({ onActivated }: { onActivated?: (offer: OfferOutput) => void }) {
  const { t } = useTranslation('campaigns');
  const locale = usePageLocale();
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  const [form, setForm] = useState<PromoCodeFormState>({ value: '', validity: true, message: '' });
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = form.value.trim();
    if (code === '') {
      setForm({ value: form.value, validity: false, message: t('promoCode.required') });
      return;
    }
    setBusy(true);
    const api = createBrowserApi(locale);
    try {
      const offer = await api.call('campaigns.activateOffer', { promo_code: code });
      setForm({ value: '', validity: true, message: '' });
      showPromoActivated(dialogs, offer, t);
      onActivated?.(offer);
      void revalidator.revalidate();
    } catch (error) {
      const key = promoCodeFailureKey(error);
      setForm({ value: form.value, validity: false, message: key ? t(key) : t('promoCode.network') });
      if (key) void sendPromoNotFound(api, code, promoCodeErrorCodes(error)[0] ?? 'INVALID');
    } finally {
      setBusy(false);
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
        loading={busy}
        fullWidth
        className="tablet:mt-7 tablet:w-auto"
        data-testid="promo-code-submit"
      >
        {t('promoCode.submit')}
      </Button>
    </form>
  );
}
