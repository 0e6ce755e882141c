/**
 * `const formatDateTime = useFormatDateTime(); formatDateTime(createdAt)` → '07.03.2025 at 9:05'
 * (fr: '07.03.2025 à 9:05'). The joining word is ui:dateTimeJoiner (spec §9); the rest is format.ts.
 */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { type DateFormatOptions, formatDateTime } from './format.ts';

export function useFormatDateTime(): (value: Date | string | number, options?: DateFormatOptions) => string {
  const { t } = useTranslation('ui');
  return useCallback(
    (value: Date | string | number, options?: DateFormatOptions) =>
      formatDateTime(value, t('dateTimeJoiner'), options),
    [t],
  );
}
