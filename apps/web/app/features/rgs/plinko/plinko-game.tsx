/**
 * Plinko (Plinko Drop, Polar Plinko, Deep Sea Plinko): 8, 12 or 16 rows of pegs and three risk
 * levels from the engine's describe(). Each drop is one round; the ball follows the round's path
 * (one left/right per row) into its bucket. Several balls may be in the air at once, and the
 * feed beside the board lists the player's own drops of this visit (no invented players).
 */
import type { PlinkoRisk, PlinkoRows, PlinkoState } from '@croupier/games/plinko';
import { CircleDot, Radio } from 'lucide-react';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { type GameModule, useGameShell } from '../shell/game-shell-context.ts';
import { GameControls, GameStage, Stat } from '../shell/game-stage.tsx';
import { minorToDecimal, trimPercent } from '../shell/money.ts';
import { PlayButton } from '../shell/play-button.tsx';
import type { RoundDetail, RoundView } from '../shell/rgs-client.ts';
import { Segmented } from '../shell/segmented.tsx';
import { bucketColor, type PlinkoTheme, plinkoTheme } from './plinko-themes.ts';

export interface PlinkoDescribe {
  rows: PlinkoRows[];
  risks: PlinkoRisk[];
  /** tables[rows][risk][bucket] = multiplier × 100. */
  tables: Record<string, Record<string, number[]>>;
  /** `rows-16-medium` → declared RTP. */
  rtp: Record<string, { percent: string }>;
}

export function parsePlinkoDescribe(input: unknown): PlinkoDescribe {
  const d = input as Partial<PlinkoDescribe> | null;
  if (
    !d ||
    !Array.isArray(d.rows) ||
    !Array.isArray(d.risks) ||
    typeof d.tables !== 'object' ||
    typeof d.rtp !== 'object'
  ) {
    throw new Error('plinko: unexpected describe() shape');
  }
  for (const rows of d.rows) {
    for (const risk of d.risks) {
      const table = d.tables?.[String(rows)]?.[risk];
      if (!Array.isArray(table) || table.length !== rows + 1)
        throw new Error(`plinko: no table for ${rows}/${risk}`);
    }
  }
  return d as PlinkoDescribe;
}

/** 1000 → "10", 150 → "1.5", 20 → "0.2". */
export function multiplierLabel(multiplier100: number): string {
  return trimPercent(minorToDecimal(BigInt(multiplier100), 2));
}

// Board geometry in SVG units: peg spacing, row height, margins.
const GAP = 40;
const ROW_HEIGHT = 36;
const TOP = 28;
const PEG_R = 4.2;
const BALL_R = 8;
const BUCKET_H = 30;

export function boardSize(rows: number) {
  const width = (rows + 2) * GAP;
  const height = TOP + rows * ROW_HEIGHT + BUCKET_H + 14;
  return { width, height, centre: width / 2 };
}

/** Where the ball touches row `row` after `rights` rights so far (peg centre). */
export function pegPoint(rows: number, row: number, rights: number): { x: number; y: number } {
  const { centre } = boardSize(rows);
  return { x: centre + (rights - row / 2) * GAP, y: TOP + row * ROW_HEIGHT };
}

/** The ball's key points: above the top peg, each peg contact, the bucket. */
export function ballWaypoints(rows: number, path: readonly number[]): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  const start = pegPoint(rows, 0, 0);
  points.push({ x: start.x, y: start.y - 24 });
  let rights = 0;
  for (let row = 0; row < rows; row += 1) {
    const peg = pegPoint(rows, row, rights);
    points.push({ x: peg.x, y: peg.y - PEG_R - BALL_R + 1 });
    rights += path[row] ?? 0;
  }
  const { centre } = boardSize(rows);
  points.push({ x: centre + (rights - rows / 2) * GAP, y: TOP + rows * ROW_HEIGHT + BUCKET_H / 2 - 2 });
  return points;
}

interface Ball {
  id: string;
  round: RoundView<PlinkoState>;
  startedAt: number;
  hopMs: number;
}

function PlinkoGame() {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const { session, reducedMotion } = shell;
  const describe = useMemo(() => parsePlinkoDescribe(session.describe), [session.describe]);
  const theme = plinkoTheme(session.game.theme);
  const resumed = session.openRound?.view as PlinkoState | undefined;

  const [rows, setRows] = useState<PlinkoRows>(resumed?.rows ?? describe.rows.at(-1) ?? 16);
  const [risk, setRisk] = useState<PlinkoRisk>(
    resumed?.risk ?? (describe.risks.includes('medium') ? 'medium' : (describe.risks[0] ?? 'low')),
  );
  const [balls, setBalls] = useState<Ball[]>([]);
  const [hits, setHits] = useState<Record<number, number>>({});
  const [last, setLast] = useState<PlinkoState | null>(resumed ?? null);

  const table = describe.tables[String(rows)]?.[risk] ?? [];
  const rtp = describe.rtp[`rows-${rows}-${risk}`]?.percent;

  const landed = useCallback(
    (ball: Ball) => {
      setBalls((current) => current.filter((item) => item.id !== ball.id));
      setHits((current) => ({
        ...current,
        [ball.round.view.bucket]: (current[ball.round.view.bucket] ?? 0) + 1,
      }));
      setLast(ball.round.view);
      const win = BigInt(ball.round.view.payout) >= BigInt(ball.round.view.stake);
      shell.sound.play(ball.round.view.multiplier100 >= 1000 ? 'bigWin' : win ? 'win' : 'tick');
      shell.reveal(ball.round);
    },
    [shell],
  );

  const drop = async () => {
    const round = (await shell.play({
      stake: shell.stakeMinor.toString(),
      rows,
      risk,
    })) as RoundView<PlinkoState> | null;
    if (!round) return;
    shell.sound.play('click');
    const ball: Ball = {
      id: round.id,
      round,
      startedAt: performance.now(),
      hopMs: rows >= 16 ? 120 : rows >= 12 ? 140 : 170,
    };
    if (reducedMotion) {
      landed(ball);
      return;
    }
    setBalls((current) => [...current, ball]);
  };

  const inFlight = balls.length > 0;
  const preview = shell.money((shell.stakeMinor * BigInt(Math.max(...table, 0))) / 100n);

  return (
    <GameStage
      style={theme.vars as CSSProperties}
      className={theme.background}
      board={
        <Board
          theme={theme}
          rows={rows}
          table={table}
          balls={balls}
          hits={hits}
          onLanded={landed}
          onBounce={() => shell.sound.play('bounce')}
          label={t('plinko.boardLabel', { rows, risk: t(`plinko.risk.${risk}`) })}
        />
      }
      aside={<DropFeed last={last} />}
      controls={
        <GameControls
          extra={
            <div className="flex items-center gap-2 tablet:gap-3">
              <Segmented
                label={t('plinko.rows')}
                options={describe.rows.map((value) => ({ value, label: String(value) }))}
                value={rows}
                onChange={(value) => {
                  setRows(value);
                  setHits({});
                }}
                disabled={inFlight}
              />
              <Segmented
                label={t('plinko.riskLabel')}
                options={describe.risks.map((value) => ({ value, label: t(`plinko.risk.${value}`) }))}
                value={risk}
                onChange={(value) => {
                  setRisk(value);
                  setHits({});
                }}
                disabled={inFlight}
              />
            </div>
          }
          info={
            <div className="flex gap-4">
              <Stat label={t('plinko.maxWin')} value={preview} />
              {rtp && <Stat label={t('shell.rtp')} value={`${trimPercent(rtp)} %`} tone="muted" />}
            </div>
          }
          action={
            <PlayButton
              label={t('plinko.drop')}
              onPlay={() => void drop()}
              icon={<CircleDot className="size-5" aria-hidden />}
            />
          }
        />
      }
    />
  );
}

function Board({
  theme,
  rows,
  table,
  balls,
  hits,
  onLanded,
  onBounce,
  label,
}: {
  theme: PlinkoTheme;
  rows: number;
  table: number[];
  balls: Ball[];
  hits: Record<number, number>;
  onLanded: (ball: Ball) => void;
  onBounce: () => void;
  label: string;
}) {
  const { width, height, centre } = boardSize(rows);
  const circles = useRef(new Map<string, SVGCircleElement>());
  const latest = useRef({ balls, onLanded, onBounce });
  latest.current = { balls, onLanded, onBounce };
  const bounced = useRef(new Map<string, number>());

  // One animation loop for every ball in the air; positions are written to the circles directly.
  useEffect(() => {
    if (balls.length === 0) {
      bounced.current.clear();
      return;
    }
    let frame = requestAnimationFrame(function step(now) {
      for (const ball of latest.current.balls) {
        const points = ballWaypoints(ball.round.view.rows, ball.round.view.path);
        const hops = points.length - 1;
        const elapsed = (now - ball.startedAt) / ball.hopMs;
        const element = circles.current.get(ball.id);
        if (elapsed >= hops) {
          if (!bounced.current.has(`${ball.id}:done`)) {
            bounced.current.set(`${ball.id}:done`, 1);
            latest.current.onLanded(ball);
          }
          continue;
        }
        const hop = Math.floor(elapsed);
        const fraction = elapsed - hop;
        const from = points[hop];
        const to = points[hop + 1];
        if (!from || !to || !element) continue;
        const x = from.x + (to.x - from.x) * fraction;
        // A small upward arc after each bounce, gravity down.
        const arc = hop === 0 ? 0 : -14 * 4 * fraction * (1 - fraction);
        const y = from.y + (to.y - from.y) * fraction * fraction + arc;
        element.setAttribute('cx', x.toFixed(2));
        element.setAttribute('cy', y.toFixed(2));
        const seen = bounced.current.get(ball.id) ?? -1;
        if (hop > seen) {
          bounced.current.set(ball.id, hop);
          if (hop > 0 && ball === latest.current.balls.at(-1)) latest.current.onBounce();
        }
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [balls.length]);

  const pegs: { x: number; y: number; key: string }[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let index = 0; index < row + 3; index += 1) {
      pegs.push({
        x: centre + (index - (row + 2) / 2) * GAP,
        y: TOP + row * ROW_HEIGHT,
        key: `${row}-${index}`,
      });
    }
  }
  const bucketY = TOP + rows * ROW_HEIGHT;
  const half = rows / 2;

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-full max-h-full w-full max-w-3xl"
      role="img"
      aria-label={label}
      data-testid="plinko-board"
    >
      <defs>
        <radialGradient id="plinko-ball" cx="0.35" cy="0.3" r="0.8">
          <stop offset="0" stopColor={theme.ball[0]} />
          <stop offset="1" stopColor={theme.ball[1]} />
        </radialGradient>
        <linearGradient id="plinko-panel" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="rgba(255,255,255,0.05)" />
          <stop offset="1" stopColor="rgba(255,255,255,0.015)" />
        </linearGradient>
        <filter id="plinko-glow" x="-100%" y="-100%" width="300%" height="300%">
          <feGaussianBlur stdDeviation="2.5" result="blur" />
          <feMerge>
            <feMergeNode in="blur" />
            <feMergeNode in="SourceGraphic" />
          </feMerge>
        </filter>
      </defs>
      <polygon
        points={`${centre - GAP * 1.6},${TOP - 16} ${centre + GAP * 1.6},${TOP - 16} ${width - 6},${bucketY - 8} 6,${bucketY - 8}`}
        fill="url(#plinko-panel)"
        stroke="rgba(255,255,255,0.08)"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <g filter="url(#plinko-glow)">
        {pegs.map((peg) => (
          <circle key={peg.key} cx={peg.x} cy={peg.y} r={PEG_R} fill={theme.peg} />
        ))}
      </g>
      {table.map((multiplier100, bucket) => {
        const x = centre + (bucket - half) * GAP;
        const distance = half === 0 ? 0 : Math.abs(bucket - half) / half;
        const hitCount = hits[bucket] ?? 0;
        return (
          <g
            // A bucket's position is its identity; the hit count re-keys it to replay the bounce.
            // biome-ignore lint/suspicious/noArrayIndexKey: buckets are fixed positions.
            key={`${bucket}-${hitCount}`}
            className={hitCount > 0 ? 'rgs-bucket-hit' : undefined}
          >
            <rect
              x={x - GAP / 2 + 2}
              y={bucketY + 4}
              width={GAP - 4}
              height={BUCKET_H - 6}
              rx="5"
              fill={bucketColor(theme, distance)}
              style={
                hitCount > 0 ? { filter: `drop-shadow(0 0 6px ${bucketColor(theme, distance)})` } : undefined
              }
            />
            <text
              x={x}
              y={bucketY + 4 + (BUCKET_H - 6) / 2 + 3.5}
              textAnchor="middle"
              fontSize={rows >= 16 ? 9 : 10}
              fontWeight="800"
              fill={theme.bucketText}
              fontFamily="Inter Variable, system-ui, sans-serif"
            >
              {multiplierLabel(multiplier100)}×
            </text>
          </g>
        );
      })}
      {balls.map((ball) => {
        const start = ballWaypoints(ball.round.view.rows, ball.round.view.path)[0];
        return (
          <circle
            key={ball.id}
            ref={(element) => {
              if (element) circles.current.set(ball.id, element);
              else circles.current.delete(ball.id);
            }}
            cx={start?.x ?? centre}
            cy={start?.y ?? 0}
            r={BALL_R}
            fill="url(#plinko-ball)"
            style={{ filter: 'drop-shadow(0 0 6px var(--game-glow))' }}
          />
        );
      })}
    </svg>
  );
}

/** The player's own latest drops of this visit, newest first: the "live" feel without inventing anyone. */
function DropFeed({ last }: { last: PlinkoState | null }) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const drops = shell.recent.slice(0, 12);
  let staked = 0n;
  let paid = 0n;
  for (const round of shell.recent) {
    const view = round.view as PlinkoState;
    staked += BigInt(view.stake);
    paid += BigInt(view.payout);
  }
  return (
    <section
      aria-label={t('plinko.feed')}
      className="flex h-full max-h-40 flex-col gap-2 overflow-hidden rounded-2xl border border-white/10 bg-black/30 p-3 laptop:max-h-none"
    >
      <header className="flex items-center justify-between">
        <h2 className="flex items-center gap-1.5 text-xs font-bold tracking-wider text-white/70 uppercase">
          <Radio className="size-4 text-(--game-accent) rgs-pulse-glow" aria-hidden />
          {t('plinko.feed')}
        </h2>
        {last && (
          <span className="amount text-xs font-bold text-(--game-accent)">
            {multiplierLabel(last.multiplier100)}×
          </span>
        )}
      </header>
      {drops.length === 0 ? (
        <p className="text-xs text-white/40">{t('plinko.feedEmpty')}</p>
      ) : (
        <>
          <ol
            className="flex min-h-0 flex-1 flex-row gap-1.5 overflow-x-auto laptop:flex-col laptop:overflow-y-auto"
            data-testid="plinko-feed"
          >
            {drops.map((round) => {
              const view = round.view as PlinkoState;
              const win = BigInt(view.payout) >= BigInt(view.stake);
              return (
                <li
                  key={round.id}
                  className="rgs-float-up flex shrink-0 items-center justify-between gap-3 rounded-xl bg-white/5 px-2.5 py-1.5 text-xs"
                >
                  <span className={cx('amount font-black', win ? 'text-(--game-accent)' : 'text-white/60')}>
                    {multiplierLabel(view.multiplier100)}×
                  </span>
                  <span className="hidden text-white/40 laptop:inline">
                    {view.rows} · {t(`plinko.risk.${view.risk}`)}
                  </span>
                  <span className={cx('amount font-semibold', win ? 'text-white' : 'text-white/50')}>
                    {shell.money(view.payout)}
                  </span>
                </li>
              );
            })}
          </ol>
          <dl className="hidden grid-cols-2 gap-2 border-t border-white/10 pt-2 text-xs laptop:grid">
            <div>
              <dt className="text-white/40">{t('plinko.drops')}</dt>
              <dd className="amount font-bold text-white">{shell.recent.length}</dd>
            </div>
            <div>
              <dt className="text-white/40">{t('plinko.net')}</dt>
              <dd
                className={cx('amount font-bold', paid >= staked ? 'text-(--game-accent)' : 'text-white/70')}
              >
                {paid >= staked ? '+' : '−'}
                {shell.money(paid >= staked ? paid - staked : staked - paid)}
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}

function PlinkoRules() {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const describe = parsePlinkoDescribe(shell.session.describe);
  return (
    <div className="flex flex-col gap-4 text-sm text-muted">
      <p>{t('plinko.rules.how')}</p>
      <p>{t('plinko.rules.payout')}</p>
      <section>
        <h3 className="mb-2 text-base font-bold text-text">{t('plinko.rules.rtpTitle')}</h3>
        <table className="w-full text-left">
          <thead>
            <tr className="text-text">
              <th className="py-1 font-semibold">{t('plinko.rows')}</th>
              {describe.risks.map((risk) => (
                <th key={risk} className="py-1 font-semibold">
                  {t(`plinko.risk.${risk}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {describe.rows.map((rows) => (
              <tr key={rows} className="border-t border-border">
                <td className="py-1.5 font-semibold text-text">{rows}</td>
                {describe.risks.map((risk) => (
                  <td key={risk} className="amount py-1.5" data-testid={`plinko-rtp-${rows}-${risk}`}>
                    {trimPercent(describe.rtp[`rows-${rows}-${risk}`]?.percent ?? '')} %
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h3 className="mb-2 text-base font-bold text-text">{t('plinko.rules.tablesTitle')}</h3>
        <div className="flex flex-col gap-2">
          {describe.rows.map((rows) =>
            describe.risks.map((risk) => (
              <p key={`${rows}-${risk}`} className="amount text-xs">
                <span className="font-semibold text-text">
                  {rows} · {t(`plinko.risk.${risk}`)}:
                </span>{' '}
                {(describe.tables[String(rows)]?.[risk] ?? [])
                  .map((m) => `${multiplierLabel(m)}×`)
                  .join('  ')}
              </p>
            )),
          )}
        </div>
      </section>
      <p>{t('plinko.rules.fair')}</p>
    </div>
  );
}

function PlinkoRoundResult({ detail }: { detail: RoundDetail }) {
  const { t } = useTranslation('rgs');
  const view = detail.view as PlinkoState;
  return (
    <p className="rounded-xl bg-raised px-3 py-2 text-sm text-text">
      {t('plinko.summary', {
        rows: view.rows,
        risk: t(`plinko.risk.${view.risk}`).toLowerCase(),
        bucket: view.bucket + 1,
        multiplier: multiplierLabel(view.multiplier100),
        path: view.path.map((step) => (step === 1 ? t('plinko.right') : t('plinko.left'))).join(''),
      })}
    </p>
  );
}

export const plinkoModule: GameModule = {
  Game: PlinkoGame,
  Rules: PlinkoRules,
  RoundResult: PlinkoRoundResult,
};
