/**
 * The one way a server message gets its values: every catalogue (lib/messages.ts `defineCatalogue`,
 * registered in src/messages.ts) fills its templates here, so a message never shows a raw `{name}` to a player.
 *
 * - `{name}` takes `values.name`.
 * - `[ … ]` is an optional part: it is kept (without the brackets) only when every placeholder in
 *   it has a non-blank value, and dropped whole otherwise. `'Some parameters are invalid[: {fields}].'`
 *   reads "Some parameters are invalid: sysname." or "Some parameters are invalid.".
 * - A placeholder outside an optional part with no value renders as nothing (never as `{name}`);
 *   catalogue tests make sure error messages put such placeholders in an optional part.
 */
export type MessageValues = Readonly<Record<string, string | number | Date | undefined>>;

/** A bracketed part holding at least one placeholder; other brackets are plain text. */
const OPTIONAL_PART = /\[([^[\]{}]*\{\w+\}[^[\]]*)\]/g;
const PLACEHOLDER = /\{(\w+)\}/g;

function givenValue(values: MessageValues, name: string): string | undefined {
  if (!Object.hasOwn(values, name)) return undefined;
  const value = values[name];
  if (value === undefined) return undefined;
  const text = String(value);
  return text.trim() === '' ? undefined : text;
}

function fill(text: string, values: MessageValues): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => givenValue(values, name) ?? '');
}

export function interpolate(template: string, values: MessageValues = {}): string {
  const withParts = template.replace(OPTIONAL_PART, (_whole, part: string) => {
    for (const match of part.matchAll(PLACEHOLDER)) {
      if (givenValue(values, match[1] ?? '') === undefined) return '';
    }
    return fill(part, values);
  });
  return fill(withParts, values);
}

/** The placeholders of a template that sit outside any optional part (must always be given). */
export function requiredPlaceholders(template: string): string[] {
  const outside = template.replace(OPTIONAL_PART, '');
  return [...outside.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}
