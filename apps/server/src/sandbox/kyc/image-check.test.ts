import { describe, expect, it } from 'vitest';
import { checkUpload, MAX_UPLOAD_BYTES, plannedOutcome, sniffImageType } from './image-check.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('sandbox KYC upload check', () => {
  it('recognises images by their magic bytes only', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('%PDF-1.7 not an image'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('refuses missing, oversized and non-image uploads', () => {
    expect(checkUpload(undefined, false)).toBe('missing');
    expect(checkUpload(Buffer.alloc(0), false)).toBe('missing');
    expect(checkUpload(PNG, true)).toBe('too_large');
    expect(checkUpload(Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]), false)).toBe('too_large');
    expect(checkUpload(Buffer.from('hello'), false)).toBe('not_image');
    expect(checkUpload(JPEG, false)).toBe('image/jpeg');
  });

  it('lets the document name choose the review outcome', () => {
    expect(plannedOutcome('passport.png')).toEqual({ answer: 'GREEN', rejectType: null });
    expect(plannedOutcome('ID-RED-RETRY.jpg')).toEqual({ answer: 'RED', rejectType: 'RETRY' });
    expect(plannedOutcome('red-final-passport.jpg')).toEqual({ answer: 'RED', rejectType: 'FINAL' });
  });
});
