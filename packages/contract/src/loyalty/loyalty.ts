/**
 * The loyalty.* methods (spec §7, ADR 033): programme, player info, characters, shop and notices.
 * Points are integers (not money): JSON numbers on the wire.
 */
import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, intParam, listOutput, offsetParam, okOutput } from '../params.ts';

const idParam = () => intParam().pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

export const loyaltyLevelOutput = z.object({
  /** The level's position: 1 for the entry level. */
  id: z.number().int(),
  name: z.string(),
  /** Level points needed. */
  threshold: z.number().int().min(0),
  perks: z.array(z.string()),
  image: z.string(),
});
export type LoyaltyLevel = z.infer<typeof loyaltyLevelOutput>;

export const loyaltyRateOutput = z.object({
  product: z.enum(['casino', 'sport']),
  /** null: every game type of the product. */
  game_type: z.string().nullable(),
  currency: z.string(),
  points: z.number().int(),
  /** The real-money stake that earns `points`, as a decimal string in major units. */
  per_amount: z.string(),
});

export const loyaltyProgramOutput = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  pointsAlias: z.string(),
  /** The alias after a count of one ("1 coin"); `pointsAlias` where the programme has none. */
  pointsAliasOne: z.string(),
  /** Days without earning after which the balance lapses; null: never. */
  expiry_days: z.number().int().nullable(),
  /** `keep`: the level stays when points lapse; `reset`: it falls to the first level. */
  downgrade: z.enum(['keep', 'reset']),
  levels: z.array(loyaltyLevelOutput),
  rates: z.array(loyaltyRateOutput),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgramOutput>;

export const loyaltyCharacterOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
});
export type LoyaltyCharacter = z.infer<typeof loyaltyCharacterOutput>;

/** Spec §3 Loyalty info (id, is_active, points, character, levels, pointsAlias, uid) and the progress. */
export const loyaltyInfoOutput = z.object({
  id: z.number().int(),
  is_active: z.boolean(),
  points: z.number().int().min(0),
  character: loyaltyCharacterOutput.nullable(),
  levels: z.array(loyaltyLevelOutput),
  pointsAlias: z.string(),
  /** The alias after a count of one ("1 coin"); `pointsAlias` where the programme has none. */
  pointsAliasOne: z.string(),
  uid: z.string(),
  /** The current level's id and the level points behind it. */
  level: z.number().int(),
  level_points: z.number().int().min(0),
  /** When the balance lapses without new earnings (ISO), or null. */
  points_expire_at: z.string().nullable(),
});
export type LoyaltyInfo = z.infer<typeof loyaltyInfoOutput>;

export const loyaltyProductOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  type: z.enum(['bonus', 'free_spins', 'betting_bonus']),
  price: z.number().int().min(1),
});
export type LoyaltyProduct = z.infer<typeof loyaltyProductOutput>;

/** Spec §3 Loyalty notification. */
export const loyaltyNotificationOutput = z.object({
  id: z.number().int(),
  trigger: z.enum(['wager', 'purchase', 'level_up', 'expiry', 'prize']),
  type: z.enum(['credit', 'debit', 'level_up', 'expiry']),
  title: z.string(),
  message: z.string(),
  amount: z.number().int(),
  amountType: z.literal('points'),
  image: z.string().nullable(),
  created_at: z.string(),
});
export type LoyaltyNotification = z.infer<typeof loyaltyNotificationOutput>;

export const loyaltyGetInfo = defineMethod({
  name: 'loyalty.getinfo',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: loyaltyInfoOutput,
});

export const loyaltyGetPrograms = defineMethod({
  name: 'loyalty.getPrograms',
  http: 'GET',
  access: 'guest',
  input: z.object({}).strict(),
  output: listOutput(loyaltyProgramOutput),
});

/**
 * One programme by id or by sysname (its key, the `/loyalty/{sysname}` page); with neither, the
 * active one (InvalidParameterException when none matches).
 */
export const loyaltyGetProgram = defineMethod({
  name: 'loyalty.getProgram',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      id: idParam().optional(),
      sysname: z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{0,63}$/)
        .optional(),
    })
    .strict(),
  output: loyaltyProgramOutput,
});

export const LOYALTY_CHARACTERS_PAGE_SIZE = 20;

export const loyaltyGetCharacters = defineMethod({
  name: 'loyalty.getcharacters',
  http: 'GET',
  access: 'guest',
  input: z.object({ offset: offsetParam(), limit: countParam(LOYALTY_CHARACTERS_PAGE_SIZE, 100) }).strict(),
  output: z.object({
    items: z.array(loyaltyCharacterOutput),
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().min(0),
  }),
});

export const loyaltySetCharacter = defineMethod({
  name: 'loyalty.setcharacter',
  http: 'POST',
  access: 'player',
  input: z.object({ id: idParam() }).strict(),
  output: okOutput,
});

export const loyaltyGetProducts = defineMethod({
  name: 'loyalty.getproducts',
  http: 'GET',
  access: 'guest',
  input: z.object({}).strict(),
  output: listOutput(loyaltyProductOutput),
});

/**
 * Buys a shop product with points. `request_id` (optional, the client's id of this purchase
 * attempt) makes a retry return the first purchase instead of buying again.
 */
export const loyaltyBuyProduct = defineMethod({
  name: 'loyalty.buyproduct',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      id: idParam(),
      request_id: z
        .string()
        .regex(/^[A-Za-z0-9_-]{8,64}$/)
        .optional(),
    })
    .strict(),
  output: z.object({ purchase_id: z.number().int(), points: z.number().int().min(0) }),
});

export const loyaltyGetNotifications = defineMethod({
  name: 'loyalty.getnotifications',
  http: 'GET',
  access: 'player',
  /** Reading delivers: each notice is answered once (they are shown as toasts). */
  getChangesState: true,
  input: z.object({}).strict(),
  output: z.object({ items: z.array(loyaltyNotificationOutput) }),
});
