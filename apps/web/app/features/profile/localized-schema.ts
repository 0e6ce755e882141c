/**
 * The shared field schemas report rule codes (`{ message: 'passwordChars', params: { chars } }`);
 * react-hook-form's zod resolver keeps only an issue's message, so the params would be lost on the
 * way. This wrapper parses with the shared schema and re-reports every issue with its final text,
 * so the resolver receives messages the player can read ("Characters not allowed: space, é").
 */
import { z } from 'zod';

export function localizeIssues<Output, Input>(
  schema: z.ZodType<Output, Input>,
  messageOf: (issue: z.core.$ZodIssue) => string,
): z.ZodType<Output, Input> {
  return z
    .custom<Input>(() => true)
    .transform((value, ctx): Output => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: messageOf(issue), path: issue.path });
      }
      return z.NEVER;
    });
}
