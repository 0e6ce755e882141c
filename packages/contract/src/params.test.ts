import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countParam, flagParam, intParam, jsonTextParam, listParam } from './params.ts';

describe('params', () => {
  it('reads integers from text or numbers only', () => {
    const schema = intParam();
    expect(schema.parse('12')).toBe(12);
    expect(schema.parse(12)).toBe(12);
    for (const bad of ['12abc', '', '1.5', 1.5, true, null, [], '1e3', ' '])
      expect(schema.safeParse(bad).success).toBe(false);
  });

  it('bounds counts and defaults them', () => {
    const schema = countParam(10, 100);
    expect(schema.parse(undefined)).toBe(10);
    expect(schema.safeParse('0').success).toBe(false);
    expect(schema.safeParse('101').success).toBe(false);
  });

  it('reads lists from comma text or arrays', () => {
    const schema = listParam(z.enum(['a', 'b']));
    expect(schema.parse('a, b')).toEqual(['a', 'b']);
    expect(schema.parse(['b'])).toEqual(['b']);
    expect(schema.safeParse('a,c').success).toBe(false);
  });

  it('reads flags and JSON text strictly', () => {
    expect(flagParam().parse('1')).toBe(true);
    expect(flagParam().safeParse('yes').success).toBe(false);
    const json = jsonTextParam(z.object({ id: z.number() }), 100);
    expect(json.parse('{"id":3}')).toEqual({ id: 3 });
    expect(json.safeParse('{id:3}').success).toBe(false);
    expect(json.safeParse(`{"id":${'1'.repeat(200)}}`).success).toBe(false);
  });

  it('never throws on arbitrary input', () => {
    const schemas = [
      intParam(),
      countParam(5),
      listParam(z.string()),
      flagParam(),
      jsonTextParam(z.unknown()),
    ];
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const schema of schemas) schema.safeParse(value);
      }),
    );
  });
});
