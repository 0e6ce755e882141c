/**
 * How the profile forms speak and when they check (spec §4 "validation strategy", §5 "default
 * messages (configurable)"): the page locale, the operator's message overrides from
 * `prazer-config.validatorConfig` and `forms-config.validationStrategy` (eager: as the player types;
 * onSubmit: on the first submit, then as they correct).
 *
 * Loaders build the settings from the content configuration (`formSettingsOf`); a page provides
 * them with `<FormSettingsProvider>`. Dialog content renders outside the page tree, so a dialog that
 * holds a form wraps its content in the provider again.
 */
import type { CmsConfig } from '@croupier/contract/content/cms-config';
import type { Locale } from '@croupier/contract/locales';
import { issueToMessage } from '@croupier/contract/validation/fields';
import { isValidationCode, type ValidationCode } from '@croupier/contract/validation/messages';
import type { ValidationIssue } from '@croupier/contract/validation/rules';
import { createContext, type ReactNode, useCallback, useContext } from 'react';
import type { z } from 'zod';

export type ValidatorOverrides = Partial<Record<ValidationCode, string>>;
export type ValidationStrategy = CmsConfig['forms-config']['validationStrategy'];

export interface FormSettings {
  locale: Locale;
  overrides: ValidatorOverrides;
  strategy: ValidationStrategy;
}

/**
 * Only keys that name a rule code are kept: the operator's document may carry keys of its own
 * (older names such as `fakename`), which must not shadow anything.
 */
export function validatorOverrides(messages: Readonly<Record<string, string>>): ValidatorOverrides {
  const overrides: ValidatorOverrides = {};
  for (const [key, text] of Object.entries(messages)) {
    if (isValidationCode(key) && text.trim() !== '') overrides[key] = text;
  }
  return overrides;
}

export function formSettingsOf(config: CmsConfig, locale: Locale): FormSettings {
  return {
    locale,
    overrides: validatorOverrides(config['prazer-config'].validatorConfig.messages),
    strategy: config['forms-config'].validationStrategy,
  };
}

const FormSettingsContext = createContext<FormSettings | null>(null);

export function FormSettingsProvider({ value, children }: { value: FormSettings; children: ReactNode }) {
  return <FormSettingsContext value={value}>{children}</FormSettingsContext>;
}

export function useFormSettings(): FormSettings {
  const settings = useContext(FormSettingsContext);
  if (!settings) throw new Error('useFormSettings must be used inside <FormSettingsProvider>');
  return settings;
}

export type MessageOf = (issue: z.core.$ZodIssue | ValidationIssue | string) => string;

/** The player-facing text of a rule problem, in the page's language with the operator's wording. */
export function useMessageOf(): MessageOf {
  const { locale, overrides } = useFormSettings();
  return useCallback((issue) => issueToMessage(issue, locale, overrides), [locale, overrides]);
}
