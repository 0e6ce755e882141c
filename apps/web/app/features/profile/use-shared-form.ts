/**
 * react-hook-form with the shared zod field rules (ARCHITECTURE.md §6): the schema is the one the
 * server checks with, its issues become text in the page language (`localizeIssues`), and the
 * content configuration decides when fields are checked (eager: on change; onSubmit: at the first
 * submit, then on change). The first invalid field takes focus on submit.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFormSettings, useMessageOf } from './form-settings.tsx';
import { localizeIssues } from './localized-schema.ts';

export function useSharedForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, Values>,
  defaultValues: DefaultValues<Values>,
): UseFormReturn<Values, unknown, Output> {
  const { strategy } = useFormSettings();
  const messageOf = useMessageOf();
  const resolver = useMemo(() => zodResolver(localizeIssues(schema, messageOf)), [schema, messageOf]);
  return useForm<Values, unknown, Output>({
    resolver,
    defaultValues,
    mode: strategy === 'eager' ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
}
