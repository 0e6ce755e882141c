/**
 * Rules and paytable of the slot, from the engine's describe(): symbol pays (in money at the current
 * bet), WILD and SCATTER rules, the free-spins feature, the 20 paylines, and the declared RTP with
 * its exact breakdown.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { useGameShell } from '../shell/game-shell-context.ts';
import { trimPercent } from '../shell/money.ts';
import { parseSlotDescribe } from './slot-describe.ts';
import { SymbolArt } from './slot-symbols.tsx';
import { slotTheme } from './slot-themes.ts';

/** Every cell of a 5 × 3 diagram, marked when the payline passes through it. */
function lineCells(line: number[]): { key: string; reel: number; row: number; on: boolean }[] {
  return line.flatMap((lineRow, reel) =>
    [0, 1, 2].map((row) => ({ key: `${reel}:${row}`, reel, row, on: lineRow === row })),
  );
}

export function SlotRules() {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const describe = useMemo(() => parseSlotDescribe(shell.session.describe), [shell.session.describe]);
  const theme = slotTheme(shell.session.game.theme);
  const lines = describe.paylines.length;
  const lineBet = shell.stakeMinor / BigInt(lines);
  const paying = describe.symbols.filter((symbol) => symbol.kind !== 'scatter');
  const scatter = describe.symbols.find((symbol) => symbol.kind === 'scatter');

  return (
    <div className="flex flex-col gap-6 text-sm text-muted">
      <section className="rounded-2xl border border-accent/30 bg-accent/5 p-4">
        <p className="text-base font-bold text-text" data-testid="slot-rtp">
          {t('slot.rules.rtp', { rtp: trimPercent(describe.rtp.percent) })}
        </p>
        <p className="mt-1">
          {t('slot.rules.rtpParts', {
            lines: trimPercent(describe.rtp.baseLinesPercent),
            scatter: trimPercent(describe.rtp.scatterPercent),
            feature: trimPercent(describe.rtp.featurePercent),
          })}
        </p>
        <p className="mt-1">{t('slot.rules.rtpExact')}</p>
      </section>

      <section>
        <h3 className="mb-2 text-base font-bold text-text">{t('slot.rules.paytable')}</h3>
        <p className="mb-3">{t('slot.rules.paytableIntro', { lines, lineBet: shell.money(lineBet) })}</p>
        <ul className="grid grid-cols-1 gap-2 tablet:grid-cols-2">
          {paying.map((symbol) => (
            <li
              key={symbol.id}
              className="flex items-center gap-3 rounded-xl p-2"
              style={{ background: theme.reelBg }}
            >
              <SymbolArt theme={theme} symbol={symbol.id} className="size-14 shrink-0" />
              <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-3 text-xs">
                {symbol.pays
                  .map((pay, index) => ({ count: index + 3, pay }))
                  .map(({ count, pay }) => (
                    <div key={count} className="contents">
                      <dt className="font-semibold text-white/60">{count}×</dt>
                      <dd className="amount text-right font-bold text-white">
                        {shell.money(lineBet * BigInt(pay))}
                      </dd>
                    </div>
                  ))}
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col gap-2">
        <h3 className="text-base font-bold text-text">{t('slot.rules.special')}</h3>
        <div className="flex items-center gap-3">
          <SymbolArt theme={theme} symbol="wild" className="size-12 shrink-0" />
          <p>{t('slot.rules.wild')}</p>
        </div>
        {scatter && (
          <div className="flex items-center gap-3">
            <SymbolArt theme={theme} symbol="scatter" className="size-12 shrink-0" />
            <p>
              {t('slot.rules.scatter', {
                three: shell.money(shell.stakeMinor * BigInt(scatter.pays[0])),
                four: shell.money(shell.stakeMinor * BigInt(scatter.pays[1])),
                five: shell.money(shell.stakeMinor * BigInt(scatter.pays[2])),
              })}
            </p>
          </div>
        )}
        <p>
          {t('slot.rules.freeSpins', {
            count: describe.freeSpins.award,
            triggeredBy: describe.freeSpins.triggeredBy,
            multiplier: describe.freeSpins.multiplier,
            max: describe.freeSpins.max,
          })}
        </p>
        {describe.rtp.triggerOneIn && <p>{t('slot.rules.triggerOneIn', { n: describe.rtp.triggerOneIn })}</p>}
      </section>

      <section>
        <h3 className="mb-2 text-base font-bold text-text">{t('slot.rules.paylines', { count: lines })}</h3>
        <p className="mb-3">{t('slot.rules.paylinesIntro')}</p>
        <ol className="grid grid-cols-4 gap-2 tablet:grid-cols-5">
          {describe.paylines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paylines are numbered by position.
            <li key={index} className="flex flex-col items-center gap-1">
              <svg
                viewBox="0 0 50 30"
                className="w-full rounded-md"
                style={{ background: theme.reelBg }}
                aria-hidden
              >
                {lineCells(line).map((cell) => (
                  <rect
                    key={cell.key}
                    x={cell.reel * 10 + 1}
                    y={cell.row * 10 + 1}
                    width="8"
                    height="8"
                    rx="1.5"
                    fill={
                      cell.on ? (theme.lineColors[index % theme.lineColors.length] ?? '#fff') : '#ffffff14'
                    }
                  />
                ))}
              </svg>
              <span className="text-xs font-semibold text-white/60">{index + 1}</span>
            </li>
          ))}
        </ol>
      </section>

      <p>{t('slot.rules.fair')}</p>
    </div>
  );
}
