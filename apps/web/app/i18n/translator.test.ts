import { describe, expect, test } from 'vitest';
import { Translator } from './translator.ts';

const en = new Translator(
  'en',
  {
    common: {
      hello: 'Hello {{name}}',
      spins: { label_one: '{{count}} free spin', label_other: '{{count}} free spins' },
      empty: '',
      nested: { deeper: { text: 'Deep' } },
      player: 'Player {{player.name}} ({{player.id}})',
      none_zero: 'Nothing yet',
      none_other: '{{count}} things',
    },
    cashier: { title: 'Cashier', total: 'Total {{amount}}' },
  },
  'common',
);
const fr = new Translator(
  'fr',
  { common: { spins: { label_one: '{{count}} tour gratuit', label_other: '{{count}} tours gratuits' } } },
  'common',
);

describe('Translator', () => {
  test('a dotted key in the default namespace, another by prefix, option or fixed t', () => {
    expect(en.t('nested.deeper.text')).toBe('Deep');
    expect(en.t('cashier:title')).toBe('Cashier');
    expect(en.t('title', { ns: 'cashier' })).toBe('Cashier');
    expect(en.fixedT('cashier')('total', { amount: '€5.00' })).toBe('Total €5.00');
    expect(en.fixedT('cashier')('common:hello', { name: 'Ana' })).toBe('Hello Ana');
  });

  test('placeholders: options as text, nested paths, none given stays, null gives nothing', () => {
    expect(en.t('hello', { name: '<b>Ana</b>' })).toBe('Hello <b>Ana</b>');
    expect(en.t('hello', { name: 42 })).toBe('Hello 42');
    expect(en.t('player', { player: { name: 'Ana', id: 7 } })).toBe('Player Ana (7)');
    expect(en.t('hello')).toBe('Hello {{name}}');
    expect(en.t('hello', {})).toBe('Hello {{name}}');
    expect(en.t('hello', { name: undefined })).toBe('Hello ');
    expect(en.t('hello', { name: null })).toBe('Hello ');
  });

  test("plurals follow the locale's rules, with key_zero for 0 when there is one", () => {
    expect(en.t('spins.label', { count: 1 })).toBe('1 free spin');
    expect(en.t('spins.label', { count: 0 })).toBe('0 free spins');
    expect(en.t('spins.label', { count: 2 })).toBe('2 free spins');
    expect(fr.t('spins.label', { count: 0 })).toBe('0 tour gratuit');
    expect(fr.t('spins.label', { count: 1 })).toBe('1 tour gratuit');
    expect(fr.t('spins.label', { count: 2 })).toBe('2 tours gratuits');
    expect(en.t('none', { count: 0 })).toBe('Nothing yet');
    expect(en.t('none', { count: 3 })).toBe('3 things');
  });

  test('a missing key, or one naming a group, answers the default value, else the key', () => {
    expect(en.t('missing.key')).toBe('missing.key');
    expect(en.t('cashier:missing')).toBe('missing');
    expect(en.t('nested')).toBe('nested');
    expect(en.t('missing', { defaultValue: 'Fallback {{name}}', name: 'Ana' })).toBe('Fallback Ana');
    expect(en.t('missing', { defaultValue: '' })).toBe('');
    expect(en.t('missing', { defaultValue: undefined })).toBe('missing');
    expect(en.t('empty', { defaultValue: 'not used' })).toBe('');
    expect(en.t('title', { ns: 'nowhere' })).toBe('title');
    expect(en.t('hello.toString')).toBe('hello.toString');
    expect(en.t('constructor')).toBe('constructor');
  });

  test('an added namespace is readable and gives new t functions to subscribers', () => {
    const translator = new Translator('en', { common: { a: 'A' } }, 'common');
    const before = translator.fixedT('common');
    expect(translator.fixedT('common')).toBe(before);
    let calls = 0;
    const unsubscribe = translator.subscribe(() => {
      calls += 1;
    });
    expect(translator.hasNamespace('games')).toBe(false);
    expect(translator.t('games:title')).toBe('title');
    translator.addNamespace('games', { title: 'Games' });
    expect(calls).toBe(1);
    expect(translator.hasNamespace('games')).toBe(true);
    expect(translator.t('games:title')).toBe('Games');
    expect(translator.fixedT('common')).not.toBe(before);
    unsubscribe();
    translator.addNamespace('more', {});
    expect(calls).toBe(1);
  });
});
