/**
 * Slot symbol art in SVG (no image files). `<SlotDefs>` holds the gradients and the shadow once per
 * board; `<SymbolArt>` draws one symbol of the theme in a 100 × 100 box.
 */
import type { SlotSymbol } from '@croupier/games/slot';
import type { ReactNode } from 'react';
import type { SymbolArt as Art, SlotTheme } from './slot-themes.ts';

const gradientId = (symbol: SlotSymbol) => `rgs-sym-${symbol}`;
const SHADOW = 'url(#rgs-sym-shadow)';

/** Hidden definitions the symbols reference (not display:none, which breaks gradients in some browsers). */
export function SlotDefs({ theme }: { theme: SlotTheme }) {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden focusable="false">
      <defs>
        {(Object.keys(theme.symbols) as SlotSymbol[]).map((symbol) => {
          const art = theme.symbols[symbol];
          return (
            <linearGradient key={symbol} id={gradientId(symbol)} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor={art.from} />
              <stop offset="1" stopColor={art.to} />
            </linearGradient>
          );
        })}
        <radialGradient id="rgs-sym-pearl-shine" cx="0.35" cy="0.3" r="0.75">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.55" stopColor={theme.symbols.h1.to} />
          <stop offset="1" stopColor="#8b93b8" />
        </radialGradient>
        <filter id="rgs-sym-shadow" x="-20%" y="-20%" width="140%" height="150%">
          <feDropShadow dx="0" dy="3" stdDeviation="2.5" floodColor="#000" floodOpacity="0.55" />
        </filter>
      </defs>
    </svg>
  );
}

function starPoints(cx: number, cy: number, outer: number, inner: number, points = 5): string {
  const result: string[] = [];
  for (let index = 0; index < points * 2; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = (Math.PI * index) / points - Math.PI / 2;
    result.push(
      `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return result.join(' ');
}

function shapeOf(art: Art, fill: string): ReactNode {
  const edge = art.edge;
  const common = { fill, stroke: edge, strokeWidth: 2.5, strokeLinejoin: 'round' as const };
  switch (art.shape) {
    case 'seven':
      return (
        <text
          x="50"
          y="84"
          textAnchor="middle"
          fontSize="86"
          fontWeight="900"
          fontStyle="italic"
          fill={fill}
          stroke={edge}
          strokeWidth="3"
          paintOrder="stroke"
          fontFamily="Inter Variable, system-ui, sans-serif"
        >
          7
        </text>
      );
    case 'letter':
      return (
        <text
          x="50"
          y="76"
          textAnchor="middle"
          fontSize="70"
          fontWeight="900"
          fill={fill}
          stroke={edge}
          strokeWidth="2.5"
          paintOrder="stroke"
          fontFamily="Inter Variable, system-ui, sans-serif"
        >
          {art.text}
        </text>
      );
    case 'diamond':
      return (
        <g>
          <polygon points="14,38 32,16 68,16 86,38 50,88" {...common} />
          <g fill="none" stroke={edge} strokeWidth="1.6" opacity="0.75">
            <polyline points="14,38 86,38" />
            <polyline points="32,16 41,38 50,16 59,38 68,16" />
            <polyline points="41,38 50,88 59,38" />
          </g>
          <polygon points="32,16 50,16 41,38" fill="#fff" opacity="0.35" />
        </g>
      );
    case 'bell':
      return (
        <g>
          <circle cx="50" cy="12" r="5" fill={fill} stroke={edge} strokeWidth="2" />
          <path
            d="M50 16 C33 16 28 30 28 46 L28 62 L18 74 L82 74 L72 62 L72 46 C72 30 67 16 50 16 Z"
            {...common}
          />
          <circle cx="50" cy="82" r="7" fill={fill} stroke={edge} strokeWidth="2" />
          <path
            d="M38 28 C34 36 34 48 34 60"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            opacity="0.45"
            fill="none"
          />
        </g>
      );
    case 'cherry':
      return (
        <g>
          <path
            d="M34 58 Q40 32 62 14 M66 58 Q62 36 62 14"
            stroke="#4ade80"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
          />
          <ellipse cx="72" cy="18" rx="12" ry="6" fill="#22c55e" transform="rotate(-20 72 18)" />
          <circle cx="33" cy="69" r="17" {...common} />
          <circle cx="67" cy="71" r="17" {...common} />
          <circle cx="27" cy="63" r="4.5" fill="#fff" opacity="0.6" />
          <circle cx="61" cy="65" r="4.5" fill="#fff" opacity="0.6" />
        </g>
      );
    case 'star':
      return (
        <g>
          <polygon points={starPoints(50, 48, 42, 18)} {...common} strokeWidth={3} />
          <polygon points={starPoints(50, 48, 22, 10)} fill="#fff" opacity="0.3" />
        </g>
      );
    case 'crown':
      return (
        <g>
          <polygon points="14,70 20,28 36,50 50,18 64,50 80,28 86,70" {...common} />
          <rect x="14" y="70" width="72" height="14" rx="3" {...common} />
          <circle cx="20" cy="26" r="5" fill="#f87171" stroke={edge} strokeWidth="1.5" />
          <circle cx="50" cy="16" r="6" fill="#60a5fa" stroke={edge} strokeWidth="1.5" />
          <circle cx="80" cy="26" r="5" fill="#34d399" stroke={edge} strokeWidth="1.5" />
          <circle cx="50" cy="77" r="4" fill="#f87171" />
          <circle cx="32" cy="77" r="3" fill="#60a5fa" />
          <circle cx="68" cy="77" r="3" fill="#60a5fa" />
        </g>
      );
    case 'moon':
      return (
        <g>
          <path d="M60 10 A40 40 0 1 0 90 68 A32 32 0 1 1 60 10 Z" {...common} />
          <polygon points={starPoints(74, 30, 8, 3.5, 4)} fill="#fff" opacity="0.9" />
          <polygon points={starPoints(84, 48, 5, 2, 4)} fill="#fff" opacity="0.7" />
        </g>
      );
    case 'snowflake':
      // Lines have a zero-width bounding box, so a bounding-box gradient would not paint them: solid strokes.
      return (
        <g strokeLinecap="round" fill="none">
          {[0, 60, 120].map((angle) => (
            <g key={angle} transform={`rotate(${angle} 50 50)`}>
              <line x1="50" y1="10" x2="50" y2="90" stroke={art.to} strokeWidth="9" />
              <line x1="50" y1="10" x2="50" y2="90" stroke={art.from} strokeWidth="4.5" />
              <polyline points="38,18 50,28 62,18" stroke={art.from} strokeWidth="5" />
              <polyline points="38,82 50,72 62,82" stroke={art.from} strokeWidth="5" />
            </g>
          ))}
          <circle cx="50" cy="50" r="9" fill={edge} stroke={art.to} strokeWidth="2" />
        </g>
      );
    case 'tree':
      return (
        <g>
          <rect x="43" y="78" width="14" height="14" rx="2" fill="#92400e" />
          <polygon points="50,22 82,82 18,82" {...common} />
          <polygon points="50,16 76,58 24,58" {...common} />
          <polygon points="50,10 70,38 30,38" {...common} />
          <polygon points={starPoints(50, 10, 8, 3.5)} fill="#fde68a" />
        </g>
      );
    case 'shell':
      return (
        <g>
          <path d="M50 88 L12 46 Q12 14 50 12 Q88 14 88 46 Z" {...common} />
          <g stroke={edge} strokeWidth="2" opacity="0.7" fill="none">
            <line x1="50" y1="86" x2="22" y2="30" />
            <line x1="50" y1="86" x2="35" y2="18" />
            <line x1="50" y1="86" x2="50" y2="14" />
            <line x1="50" y1="86" x2="65" y2="18" />
            <line x1="50" y1="86" x2="78" y2="30" />
          </g>
          <rect x="40" y="82" width="20" height="8" rx="3" fill={fill} stroke={edge} strokeWidth="2" />
        </g>
      );
    case 'fish':
      return (
        <g>
          <polygon points="66,50 90,30 86,50 90,70" {...common} />
          <path d="M40 30 Q52 16 62 34" {...common} />
          <ellipse cx="42" cy="52" rx="32" ry="21" {...common} />
          <path d="M54 36 Q46 52 54 68" stroke={edge} strokeWidth="2" fill="none" opacity="0.7" />
          <circle cx="26" cy="47" r="6" fill="#fff" />
          <circle cx="25" cy="47" r="3" fill="#0f172a" />
        </g>
      );
    case 'starfish':
      return (
        <g>
          <polygon
            points={starPoints(50, 52, 40, 17)}
            fill={fill}
            stroke={fill}
            strokeWidth="9"
            strokeLinejoin="round"
          />
          <polygon
            points={starPoints(50, 52, 40, 17)}
            fill="none"
            stroke={edge}
            strokeWidth="1.5"
            strokeLinejoin="round"
            opacity="0.6"
          />
          {[
            [50, 30],
            [70, 46],
            [62, 68],
            [38, 68],
            [30, 46],
            [50, 52],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="3" fill={edge} opacity="0.8" />
          ))}
        </g>
      );
    case 'pearl':
      return (
        <g>
          <path
            d="M10 62 Q50 100 90 62 Q70 72 50 70 Q30 72 10 62 Z"
            fill="#f9a8d4"
            stroke="#fce7f3"
            strokeWidth="2"
          />
          <circle cx="50" cy="46" r="26" fill="url(#rgs-sym-pearl-shine)" stroke={edge} strokeWidth="2" />
          <ellipse cx="41" cy="36" rx="7" ry="4" fill="#fff" opacity="0.8" transform="rotate(-30 41 36)" />
        </g>
      );
    case 'ruby':
      return (
        <g>
          <polygon points="32,14 68,14 86,34 86,66 68,86 32,86 14,66 14,34" {...common} />
          <polygon
            points="38,28 62,28 72,40 72,60 62,72 38,72 28,60 28,40"
            fill="#fff"
            opacity="0.18"
            stroke={edge}
            strokeWidth="1.5"
          />
          <g stroke={edge} strokeWidth="1.5" opacity="0.6">
            <line x1="32" y1="14" x2="38" y2="28" />
            <line x1="68" y1="14" x2="62" y2="28" />
            <line x1="86" y1="34" x2="72" y2="40" />
            <line x1="86" y1="66" x2="72" y2="60" />
            <line x1="68" y1="86" x2="62" y2="72" />
            <line x1="32" y1="86" x2="38" y2="72" />
            <line x1="14" y1="66" x2="28" y2="60" />
            <line x1="14" y1="34" x2="28" y2="40" />
          </g>
        </g>
      );
    case 'sapphire':
      return (
        <g>
          <circle cx="50" cy="50" r="38" {...common} />
          <polygon
            points={starPoints(50, 50, 36, 20, 8)}
            fill="#fff"
            opacity="0.14"
            stroke={edge}
            strokeWidth="1.2"
          />
          <polygon points="40,36 60,36 66,50 60,64 40,64 34,50" fill="#fff" opacity="0.22" />
        </g>
      );
    case 'emerald':
      return (
        <g>
          <polygon points="28,12 72,12 84,24 84,76 72,88 28,88 16,76 16,24" {...common} />
          <rect
            x="30"
            y="26"
            width="40"
            height="48"
            fill="#fff"
            opacity="0.16"
            stroke={edge}
            strokeWidth="1.5"
          />
          <g stroke={edge} strokeWidth="1.5" opacity="0.6">
            <line x1="16" y1="24" x2="30" y2="26" />
            <line x1="84" y1="24" x2="70" y2="26" />
            <line x1="16" y1="76" x2="30" y2="74" />
            <line x1="84" y1="76" x2="70" y2="74" />
          </g>
        </g>
      );
    case 'amethyst':
      return (
        <g>
          <polygon points="50,8 88,30 88,70 50,92 12,70 12,30" {...common} />
          <polygon
            points="50,26 70,38 70,62 50,74 30,62 30,38"
            fill="#fff"
            opacity="0.18"
            stroke={edge}
            strokeWidth="1.5"
          />
          <g stroke={edge} strokeWidth="1.5" opacity="0.6">
            <line x1="50" y1="8" x2="50" y2="26" />
            <line x1="88" y1="30" x2="70" y2="38" />
            <line x1="88" y1="70" x2="70" y2="62" />
            <line x1="50" y1="92" x2="50" y2="74" />
            <line x1="12" y1="70" x2="30" y2="62" />
            <line x1="12" y1="30" x2="30" y2="38" />
          </g>
        </g>
      );
    case 'bolt':
      return (
        <g>
          <circle cx="50" cy="50" r="40" {...common} strokeWidth={3} />
          <circle cx="50" cy="50" r="30" fill="none" stroke={edge} strokeWidth="1.5" opacity="0.5" />
          <polygon
            points="57,12 26,56 47,56 40,88 74,42 53,42 62,12"
            fill="#fef08a"
            stroke="#fff"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </g>
      );
    case 'swirl':
      return (
        <g>
          <circle cx="50" cy="50" r="40" {...common} strokeWidth={3} />
          <g fill="none" stroke="#fff" strokeLinecap="round" opacity="0.75">
            <path d="M18 44 Q34 26 50 40 T82 36" strokeWidth="5" />
            <path d="M18 56 Q34 40 50 54 T82 50" strokeWidth="3.5" opacity="0.7" />
          </g>
        </g>
      );
    case 'chest':
      return (
        <g>
          <circle cx="34" cy="26" r="8" fill="#fde047" stroke="#fef9c3" strokeWidth="1.5" />
          <circle cx="52" cy="20" r="8" fill="#fde047" stroke="#fef9c3" strokeWidth="1.5" />
          <circle cx="68" cy="28" r="8" fill="#fde047" stroke="#fef9c3" strokeWidth="1.5" />
          <path d="M12 48 Q12 28 50 28 Q88 28 88 48 Z" {...common} />
          <rect x="12" y="46" width="76" height="40" rx="5" {...common} />
          <rect x="12" y="52" width="76" height="6" fill={edge} opacity="0.5" />
          <rect x="43" y="50" width="14" height="18" rx="3" fill="#fde047" stroke="#78350f" strokeWidth="2" />
        </g>
      );
    case 'trident':
      return (
        <g>
          <rect x="45" y="40" width="10" height="52" rx="3" {...common} />
          <path
            d="M26 16 L26 40 Q26 54 50 54 Q74 54 74 40 L74 16"
            fill="none"
            stroke={fill}
            strokeWidth="9"
            strokeLinecap="round"
          />
          <rect x="45.5" y="10" width="9" height="44" rx="4.5" fill={fill} />
          <polygon points="50,2 42,16 58,16" fill={edge} />
          <polygon points="26,8 19,20 33,20" fill={edge} />
          <polygon points="74,8 67,20 81,20" fill={edge} />
        </g>
      );
  }
}

export function SymbolArt({
  theme,
  symbol,
  className,
}: {
  theme: SlotTheme;
  symbol: SlotSymbol;
  className?: string;
}) {
  const art = theme.symbols[symbol];
  const fill = `url(#${gradientId(symbol)})`;
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden focusable="false">
      <g filter={SHADOW}>{shapeOf(art, fill)}</g>
      {symbol === 'wild' && (
        <g>
          <rect
            x="8"
            y="62"
            width="84"
            height="24"
            rx="7"
            fill="#0b0716"
            opacity="0.88"
            stroke={art.edge}
            strokeWidth="2"
          />
          <text
            x="50"
            y="80.5"
            textAnchor="middle"
            fontSize="19"
            fontWeight="900"
            letterSpacing="2"
            fill={art.from}
            fontFamily="Inter Variable, system-ui, sans-serif"
          >
            {art.text ?? 'WILD'}
          </text>
        </g>
      )}
    </svg>
  );
}
