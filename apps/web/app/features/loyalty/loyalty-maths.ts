/** Level progress from the loyalty info (spec §3 Loyalty info): pure, integer points. */
import type { LoyaltyInfo, LoyaltyLevel } from '@croupier/contract/loyalty/loyalty';
import { formatNumber } from '../../ui/format.ts';

export interface LevelProgress {
  current: LoyaltyLevel | null;
  next: LoyaltyLevel | null;
  /** 0–100, whole percent of the way from the current level's threshold to the next one's. */
  percent: number;
}

export function levelProgress(info: Pick<LoyaltyInfo, 'levels' | 'level_points'>): LevelProgress {
  const levels = [...info.levels].sort((a, b) => a.threshold - b.threshold);
  let current: LoyaltyLevel | null = null;
  for (const level of levels) if (info.level_points >= level.threshold) current = level;
  const next = levels.find((level) => level.threshold > info.level_points) ?? null;
  if (!next) return { current, next: null, percent: 100 };
  const from = current?.threshold ?? 0;
  const span = next.threshold - from;
  const percent = span <= 0 ? 0 : Math.floor(((info.level_points - from) * 100) / span);
  return { current, next, percent: Math.max(0, Math.min(100, percent)) };
}

/** Points are whole numbers: grouped, no decimals (spec §9 thousands with commas). */
export function formatPoints(points: number): string {
  return formatNumber(points, { fractionDigits: 0 });
}

/** Where the loyalty config shows the player's character (`placesWhereDisplayedCharacters`). */
export type CharacterPlace = 'header' | 'profile' | 'loyalty';

export function showsCharacterIn(
  config: { isEnableCharacters: boolean; placesWhereDisplayedCharacters: string[] },
  place: CharacterPlace,
): boolean {
  return config.isEnableCharacters && config.placesWhereDisplayedCharacters.includes(place);
}
