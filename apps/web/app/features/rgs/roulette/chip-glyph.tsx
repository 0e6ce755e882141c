/**
 * A casino chip in SVG, centred on (0, 0): a coloured disc with edge inserts and the amount on an
 * inner plate. Colours follow the chip's rank in the session's chip set (smallest first).
 */

export const CHIP_COLOURS: ReadonlyArray<{ base: string; edge: string; text: string }> = [
  { base: '#e5e7eb', edge: '#3b82f6', text: '#111827' },
  { base: '#dc2626', edge: '#fef2f2', text: '#ffffff' },
  { base: '#16a34a', edge: '#f0fdf4', text: '#ffffff' },
  { base: '#1d4ed8', edge: '#eff6ff', text: '#ffffff' },
  { base: '#111827', edge: '#f5b82e', text: '#ffffff' },
  { base: '#7c3aed', edge: '#faf5ff', text: '#ffffff' },
];

export function chipColour(index: number) {
  return CHIP_COLOURS[Math.max(0, Math.min(CHIP_COLOURS.length - 1, index))]!;
}

export function ChipGlyph({ radius, colour, label }: { radius: number; colour: number; label: string }) {
  const look = chipColour(colour);
  const inserts = Array.from({ length: 6 }, (_, i) => i * 60);
  const fontSize = radius * (label.length > 4 ? 0.5 : label.length > 3 ? 0.6 : 0.72);
  return (
    <g>
      <circle r={radius} fill={look.base} />
      {inserts.map((deg) => (
        <rect
          key={deg}
          x={-radius * 0.16}
          y={-radius}
          width={radius * 0.32}
          height={radius * 0.26}
          fill={look.edge}
          transform={`rotate(${deg})`}
        />
      ))}
      <circle
        r={radius * 0.7}
        fill={look.base}
        stroke={look.edge}
        strokeWidth={radius * 0.06}
        strokeDasharray={`${radius * 0.2} ${radius * 0.14}`}
      />
      <text
        y={0}
        fill={look.text}
        fontSize={fontSize}
        fontWeight={800}
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="Inter Variable, system-ui, sans-serif"
      >
        {label}
      </text>
    </g>
  );
}
