/**
 * The European wheel in SVG: 37 pockets in the real order, a turning wheel head and a ball that
 * runs the other way and drops into the winning pocket. The outcome comes from the server first;
 * the animation only shows it (about four seconds, under a second with reduced motion).
 *
 * Angles: a pocket's centre sits at `pocketAngle(n)` degrees clockwise from the top of the wheel
 * at rest. With the wheel turned by W degrees, that pocket is at W + pocketAngle(n) on screen, so
 * the ball ends there.
 */
import { useEffect, useRef, useState } from 'react';
import { POCKET_DEGREES, pocketAngle, pocketColour, WHEEL_ORDER } from './wheel.ts';

export interface WheelTheme {
  rim: string;
  rimInner: string;
  red: string;
  black: string;
  green: string;
  fret: string;
  cone: string;
  turret: string;
}

export const WHEEL_THEMES: Record<string, WheelTheme> = {
  classic: {
    rim: '#5b3a1e',
    rimInner: '#3b2412',
    red: '#c0262d',
    black: '#16181d',
    green: '#178a4a',
    fret: '#d9b45a',
    cone: '#2a1a0d',
    turret: '#e2c272',
  },
  royale: {
    rim: '#2b1847',
    rimInner: '#1a0f2e',
    red: '#b3213e',
    black: '#121019',
    green: '#0f7b5f',
    fret: '#f1cf72',
    cone: '#1f1433',
    turret: '#f5d98a',
  },
};

const SIZE = 200;
const CENTER = SIZE / 2;
const R_OUTER = 96;
const R_POCKETS_OUT = 84;
const R_POCKETS_IN = 62;
const R_TEXT = 76;
const R_BALL_TRACK = 90;
const R_BALL_POCKET = 68;

function polar(radius: number, degrees: number): [number, number] {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [CENTER + radius * Math.cos(radians), CENTER + radius * Math.sin(radians)];
}

function pocketPath(index: number): string {
  const from = index * POCKET_DEGREES - POCKET_DEGREES / 2;
  const to = from + POCKET_DEGREES;
  const [x1, y1] = polar(R_POCKETS_OUT, from);
  const [x2, y2] = polar(R_POCKETS_OUT, to);
  const [x3, y3] = polar(R_POCKETS_IN, to);
  const [x4, y4] = polar(R_POCKETS_IN, from);
  return `M${x1} ${y1} A${R_POCKETS_OUT} ${R_POCKETS_OUT} 0 0 1 ${x2} ${y2} L${x3} ${y3} A${R_POCKETS_IN} ${R_POCKETS_IN} 0 0 0 ${x4} ${y4} Z`;
}

export interface SpinRequest {
  /** Changes for every spin (the round id), so the same number twice still spins. */
  key: string;
  result: number;
}

interface RouletteWheelProps {
  theme: WheelTheme;
  spin: SpinRequest | null;
  /** Called once the ball rests in the pocket. */
  onSettled?: (key: string) => void;
  label: string;
  reducedMotion?: boolean;
}

const SPIN_MS = 4200;
const REDUCED_SPIN_MS = 600;

export function RouletteWheel({ theme, spin, onSettled, label, reducedMotion = false }: RouletteWheelProps) {
  const [wheelDeg, setWheelDeg] = useState(0);
  const [ballDeg, setBallDeg] = useState(0);
  const [ballRadius, setBallRadius] = useState(R_BALL_POCKET);
  const [spinning, setSpinning] = useState(false);
  const settledFor = useRef<string | null>(null);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const wheelRef = useRef(0);
  const ballRef = useRef(0);

  // A new spin request starts the animation: an effect, because it drives timers and transitions
  // on the drawn wheel, not data.
  useEffect(() => {
    if (!spin || settledFor.current === spin.key) return;
    const duration = reducedMotion ? REDUCED_SPIN_MS : SPIN_MS;
    const turns = reducedMotion ? 0 : 3;
    // Wheel turns clockwise a few times plus a pseudo-random extra so stops do not look alike.
    const extra = (spin.key.length * 47 + spin.result * 13) % 360;
    const nextWheel = wheelRef.current + turns * 360 + extra;
    const target = nextWheel + pocketAngle(spin.result);
    // The ball runs anticlockwise: end below its current angle by several turns.
    let nextBall = target;
    while (nextBall > ballRef.current - (reducedMotion ? 0 : 5 * 360)) nextBall -= 360;
    wheelRef.current = nextWheel;
    ballRef.current = nextBall;
    setSpinning(true);
    setBallRadius(R_BALL_TRACK);
    setWheelDeg(nextWheel);
    setBallDeg(nextBall);
    const drop = window.setTimeout(() => setBallRadius(R_BALL_POCKET), duration * 0.7);
    const done = window.setTimeout(() => {
      settledFor.current = spin.key;
      setSpinning(false);
      onSettledRef.current?.(spin.key);
    }, duration);
    return () => {
      window.clearTimeout(drop);
      window.clearTimeout(done);
    };
  }, [spin, reducedMotion]);

  const duration = reducedMotion ? REDUCED_SPIN_MS : SPIN_MS;
  const winner = spin && !spinning && settledFor.current === spin.key ? spin.result : null;

  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={label}
      className="h-full w-full drop-shadow-[0_18px_30px_rgba(0,0,0,0.55)]"
      data-testid="roulette-wheel"
      data-spinning={spinning ? 'true' : 'false'}
    >
      <defs>
        <radialGradient id="wheel-rim" cx="50%" cy="45%" r="60%">
          <stop offset="70%" stopColor={theme.rim} />
          <stop offset="100%" stopColor={theme.rimInner} />
        </radialGradient>
        <radialGradient id="wheel-cone" cx="45%" cy="40%" r="65%">
          <stop offset="0%" stopColor={theme.turret} stopOpacity="0.35" />
          <stop offset="60%" stopColor={theme.cone} />
        </radialGradient>
        <radialGradient id="wheel-ball" cx="35%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#ffffff" />
          <stop offset="100%" stopColor="#b9bfcc" />
        </radialGradient>
      </defs>
      <circle cx={CENTER} cy={CENTER} r={R_OUTER + 3} fill={theme.rimInner} />
      <circle cx={CENTER} cy={CENTER} r={R_OUTER} fill="url(#wheel-rim)" />
      <circle cx={CENTER} cy={CENTER} r={R_POCKETS_OUT + 2} fill={theme.rimInner} opacity="0.8" />
      <g
        style={{
          transform: `rotate(${wheelDeg}deg)`,
          transformOrigin: `${CENTER}px ${CENTER}px`,
          transition: spinning ? `transform ${duration}ms cubic-bezier(0.15, 0.6, 0.2, 1)` : 'none',
        }}
      >
        {WHEEL_ORDER.map((n, index) => {
          const colour = pocketColour(n);
          const [tx, ty] = polar(R_TEXT, index * POCKET_DEGREES);
          return (
            <g key={n}>
              <path
                d={pocketPath(index)}
                fill={colour === 'red' ? theme.red : colour === 'black' ? theme.black : theme.green}
                stroke={theme.fret}
                strokeWidth="0.6"
              />
              {winner === n && (
                <path d={pocketPath(index)} fill="#ffffff" opacity="0.28" data-testid="wheel-winner" />
              )}
              <text
                x={tx}
                y={ty}
                fill="#ffffff"
                fontSize="7"
                fontWeight="700"
                textAnchor="middle"
                dominantBaseline="central"
                transform={`rotate(${index * POCKET_DEGREES} ${tx} ${ty})`}
              >
                {n}
              </text>
            </g>
          );
        })}
        <circle
          cx={CENTER}
          cy={CENTER}
          r={R_POCKETS_IN}
          fill="url(#wheel-cone)"
          stroke={theme.fret}
          strokeWidth="1"
        />
        {[0, 90, 180, 270].map((deg) => {
          const [x, y] = polar(34, deg);
          return (
            <line
              key={deg}
              x1={CENTER}
              y1={CENTER}
              x2={x}
              y2={y}
              stroke={theme.turret}
              strokeWidth="3"
              strokeLinecap="round"
            />
          );
        })}
        <circle cx={CENTER} cy={CENTER} r="11" fill={theme.turret} />
        <circle cx={CENTER} cy={CENTER} r="5" fill={theme.cone} />
      </g>
      <g
        style={{
          transform: `rotate(${ballDeg}deg)`,
          transformOrigin: `${CENTER}px ${CENTER}px`,
          transition: spinning ? `transform ${duration}ms cubic-bezier(0.1, 0.55, 0.25, 1)` : 'none',
        }}
      >
        <g
          style={{
            transform: `translateY(${R_BALL_POCKET - ballRadius}px)`,
            transition: spinning ? `transform ${duration * 0.3}ms ease-in` : 'none',
          }}
        >
          <circle
            cx={CENTER}
            cy={CENTER - R_BALL_POCKET}
            r="4.2"
            fill="url(#wheel-ball)"
            stroke="#6b7280"
            strokeWidth="0.4"
            data-testid="roulette-ball"
          />
        </g>
      </g>
    </svg>
  );
}
