/**
 * The two-factor setup address as a QR code for an authenticator app's camera: `qrcode`'s encoder
 * (already the server's dependency) gives the module matrix, drawn here as one SVG path — no canvas,
 * no HTML from a string. Only the two-factor page loads it.
 */
import { create } from 'qrcode';

/** Modules of white border around the code (the QR specification asks for four). */
const QUIET_ZONE = 4;

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (modules.get(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const full = size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${full} ${full}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={full} height={full} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
