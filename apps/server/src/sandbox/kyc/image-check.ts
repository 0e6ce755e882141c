/**
 * The sandbox KYC provider's upload check: at most 5 MB, and a real image by its first bytes (magic
 * numbers), whatever the file name or the browser's declared type say.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export type UploadProblem = 'missing' | 'too_large' | 'not_image';

export function checkUpload(bytes: Buffer | undefined, truncated: boolean): UploadProblem | ImageType {
  if (truncated || (bytes && bytes.length > MAX_UPLOAD_BYTES)) return 'too_large';
  if (!bytes || bytes.length === 0) return 'missing';
  return sniffImageType(bytes) ?? 'not_image';
}

/**
 * The review outcome the document's file name chooses (README): `red-final` → RED FINAL,
 * `red-retry` → RED RETRY, anything else → GREEN.
 */
export function plannedOutcome(fileName: string): {
  answer: 'GREEN' | 'RED';
  rejectType: 'RETRY' | 'FINAL' | null;
} {
  const name = fileName.toLowerCase();
  if (name.includes('red-final')) return { answer: 'RED', rejectType: 'FINAL' };
  if (name.includes('red-retry')) return { answer: 'RED', rejectType: 'RETRY' };
  return { answer: 'GREEN', rejectType: null };
}
