/**
 * A 6-digit code (contact confirmation, two-factor): one field, digits keypad on phones, the
 * browser's one-time-code autofill, spaced tabular digits. Inside `<Field>` like any input.
 */
import { Input, type InputProps } from '../../ui/input.tsx';

export function CodeInput(props: Omit<InputProps, 'type' | 'inputMode' | 'autoComplete'>) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      spellCheck={false}
      {...props}
      className="amount max-w-56 text-center font-mono text-xl tracking-[0.4em]"
    />
  );
}
