import { describe, expect, it } from 'vitest';
import { messageLines, QUICK_ORDER_MAX_LINES, readLine, terms } from './quick-order';

const codes = new Map([
  ['br-1024', 'BR-1024'],
  ['br1024', 'BR-1024'],
  ['104233', '104233'],
]);
const isCode = (word: string) => codes.get(word) ?? null;
const read = (line: string) => {
  const r = readLine(line, isCode);
  return { quantity: r.quantity, unit: r.unit, words: r.words.join(' '), code: r.code, chatter: r.chatter };
};

describe('the quantity of a line', () => {
  it.each([
    ['5 cs windy city cans', 5, 'cases', 'windy city can'],
    ['5cs windy city', 5, 'cases', 'windy city'],
    ['windy city 5cs', 5, 'cases', 'windy city'],
    ['lake effect ipa 3', 3, 'cases', 'lake effect ipa'],
    ['ginger ale x1', 1, 'cases', 'ginger ale'],
    ['x2 lake effect ipa', 2, 'cases', 'lake effect ipa'],
    ['2x lake effect ipa', 2, 'cases', 'lake effect ipa'],
    ['vodka - 5', 5, 'cases', 'vodka'],
    ['prosecco (2)', 2, 'cases', 'prosecco'],
    ['two cases of merlot', 2, 'cases', 'merlot'],
    ['a case of chardonnay', 1, 'cases', 'chardonnay'],
    ['3 btls vodka premium', 3, 'units', 'vodka premium'],
    ['6 bottles of merlot', 6, 'units', 'merlot'],
    ['4 each lime juice', 4, 'units', 'lime juice'],
    ['windy city 2 cs cans', 2, 'cases', 'windy city can'],
    ['- 4 cs club soda', 4, 'cases', 'club soda'],
    ['1) 4 cs club soda', 4, 'cases', 'club soda'],
  ])('%s: %s %s of "%s"', (line, quantity, unit, words) => {
    expect(read(line)).toMatchObject({ quantity, unit, words, chatter: false });
  });

  it('takes a number with a size unit as the size, never the quantity', () => {
    expect(read('2 vodka well 1L')).toMatchObject({ quantity: 2, words: 'vodka well 1l' });
    expect(read('vodka well 1 ltr x2')).toMatchObject({ quantity: 2, words: 'vodka well 1l' });
    expect(read('cola 2 liter x 4')).toMatchObject({ quantity: 4, words: 'cola 2l' });
    expect(read('12 oz cola 3')).toMatchObject({ quantity: 3, words: '12oz cola' });
    expect(read('750 vodka 2')).toMatchObject({ quantity: 2, words: '750ml vodka' });
    expect(read('1.75 vodka well')).toMatchObject({ quantity: null, words: '1.75l vodka well' });
  });

  it('reads a product code as the product, with the number beside it as the quantity', () => {
    expect(read('BR-1024 x 3')).toMatchObject({ code: 'BR-1024', quantity: 3 });
    expect(read('br1024 2')).toMatchObject({ code: 'BR-1024', quantity: 2 });
    expect(read('104233 5')).toMatchObject({ code: '104233', quantity: 5 });
  });

  it('leaves a number that cannot be a quantity unread', () => {
    expect(read('windy city 0')).toMatchObject({ quantity: null });
    expect(read('windy city 5000')).toMatchObject({ quantity: null });
  });
});

describe('the words of a line, in the catalogue’s terms', () => {
  it('writes sizes, containers, packs and kegs one way on both sides', () => {
    expect(terms('Windy City Lager 1/2 BBL Keg')).toEqual(['windy', 'city', 'lager', 'halfbbl', 'keg']);
    expect(terms('half barrel windy city')).toEqual(['halfbbl', 'keg', 'windy', 'city']);
    expect(terms('Steelworks Stout 1/6 BBL Keg')).toEqual(['steelworks', 'stout', 'sixthbbl', 'keg']);
    expect(terms('sixtel stout')).toEqual(['sixthbbl', 'keg', 'stout']);
    expect(terms('Vodka Well 6x1.75L')).toEqual(['vodka', 'well', '6pk', '1.75l']);
    expect(terms('2 handles well vodka')).toEqual(['2', '1.75l', 'well', 'vodka']);
    expect(terms('Lemon-Lime Soda 8x2L Btl')).toEqual(['lemon', 'lime', 'soda', '8pk', '2l', 'btl']);
    expect(terms('Spring Water 24x16.9oz', { sizeNumbers: true })).toEqual([
      'spring',
      'water',
      '24pk',
      '16.9oz',
      '16.9',
    ]);
  });

  it('knows a bar’s short forms and slang', () => {
    expect(terms('tallboys hazy')).toEqual(['16oz', 'hazy']);
    expect(terms('nips vodka')).toEqual(['50ml', 'vodka']);
    expect(terms('a fifth of bourbon')).toEqual(['750ml', 'bourbon']);
    expect(terms('cab sauv')).toEqual(['cabernet', 'sauvignon']);
    expect(terms('oj')).toEqual(['orange', 'juice']);
    expect(terms('coke cans')).toEqual(['cola', 'can']);
    expect(terms('sour mix')).toEqual(['sweet', 'sour', 'mix']);
  });
});

describe('lines that are not orders', () => {
  it.each([
    'Hey Mike, for Friday please:',
    'thanks! - Joe',
    'Sent from my iPhone',
    'can we get the usual?',
    '- Joe',
    'Thank you',
    'Best regards,',
  ])('%s', (line) => {
    expect(read(line).chatter).toBe(true);
  });

  it('an order line that says thanks is still an order', () => {
    expect(read('2 cs merlot thanks')).toMatchObject({ quantity: 2, chatter: false });
  });
});

describe('the lines of a message', () => {
  it('splits a line listing several items at its commas, and leaves a sentence whole', () => {
    expect(
      messageLines('5 cs lager, 2 vodka 1L, ginger ale x1\nhi mike, hope you are well\n\n  thanks'),
    ).toEqual(['5 cs lager', '2 vodka 1L', 'ginger ale x1', 'hi mike, hope you are well', 'thanks']);
    expect(messageLines('Store 12 Streeterville order, ref PO 44817')).toEqual([
      'Store 12 Streeterville order, ref PO 44817',
    ]);
  });

  it(`reads at most ${QUICK_ORDER_MAX_LINES} lines`, () => {
    expect(messageLines('1 cola\n'.repeat(500))).toHaveLength(QUICK_ORDER_MAX_LINES);
  });
});
