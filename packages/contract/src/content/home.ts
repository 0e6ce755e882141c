/** Content blocks of the home page, managed in the content service, localised. */
import { z } from 'zod';

export const homeBlock = z.object({
  id: z.string(),
  kind: z.enum(['features', 'text', 'cta', 'promotions']),
  title: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  linkText: z.string().nullable(),
  items: z.array(z.object({ icon: z.string(), title: z.string(), text: z.string() })),
});
export type HomeBlock = z.infer<typeof homeBlock>;
