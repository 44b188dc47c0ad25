import { alcoholCategories } from './demo-products-alcohol.js';

/**
 * The demo item catalog, grouped the way a beverage distributor's price book is. Each
 * item is [description, units per case] or [description, units per case, 'inactive'].
 * Brands are made up.
 */

export type CategoryKey =
  | 'beer'
  | 'wine'
  | 'spirits'
  | 'soda'
  | 'water'
  | 'juice'
  | 'ice'
  | 'frozen'
  | 'icecream'
  | 'supplies';

type Item = readonly [description: string, units: number, flag?: 'inactive'];

export interface DemoCategory {
  key: CategoryKey;
  /** Code prefix, as in 'BR-1024'. */
  prefix: string;
  /** ProductType: 0 None (shown as Unknown), 1 Frozen, 2 NonFrozen. */
  type: 0 | 1 | 2;
  /** Share of items also sold by the unit (IsCaseOnly false); items of 1 unit never are. */
  splitShare: number;
  items: readonly Item[];
}

export const demoCategories: readonly DemoCategory[] = [
  ...alcoholCategories,
  {
    key: 'soda',
    prefix: 'SD',
    type: 2,
    splitShare: 0.1,
    items: [
      ['Cola 24x12oz Can', 24],
      ['Cola 24x20oz Btl', 24],
      ['Cola 8x2L Btl', 8],
      ['Diet Cola 24x12oz Can', 24],
      ['Diet Cola 24x20oz Btl', 24],
      ['Lemon-Lime Soda 24x12oz Can', 24],
      ['Lemon-Lime Soda 8x2L Btl', 8],
      ['Root Beer 24x12oz Can', 24],
      ['Ginger Ale 24x12oz Can', 24],
      ['Ginger Ale 24x7.5oz Can', 24],
      ['Orange Soda 24x12oz Can', 24],
      ['Grape Soda 24x12oz Can', 24],
      ['Cream Soda 24x12oz Btl', 24],
      ['Club Soda 24x10oz Btl', 24],
      ['Tonic Water 24x10oz Btl', 24],
      ['Mexican Cola 24x355ml Glass', 24],
      ['Energy Drink 24x16oz Can', 24],
      ['Energy Drink Sugar Free 24x16oz Can', 24],
      ['Cola Bag-in-Box Syrup 5gal', 1],
      ['Lemon-Lime Bag-in-Box Syrup 5gal', 1],
    ],
  },
  {
    key: 'water',
    prefix: 'WT',
    type: 2,
    splitShare: 0.15,
    items: [
      ['Spring Water 24x16.9oz', 24],
      ['Spring Water 32x16.9oz', 32],
      ['Spring Water 12x1L', 12],
      ['Spring Water 6x1gal', 6],
      ['Purified Water 24x20oz', 24],
      ['Sparkling Mineral Water 24x500ml Glass', 24],
      ['Sparkling Mineral Water 12x1L Glass', 12],
      ['Sparkling Water Lime 24x12oz Can', 24],
      ['Sparkling Water Berry 24x12oz Can', 24],
      ['Alkaline Water 12x1L', 12],
      ['Coconut Water 12x16.9oz', 12],
      ['Flavored Water Lemon 12x20oz', 12, 'inactive'],
    ],
  },
  {
    key: 'juice',
    prefix: 'JC',
    type: 2,
    splitShare: 0.3,
    items: [
      ['Orange Juice 24x10oz Btl', 24],
      ['Orange Juice 4x1gal', 4],
      ['Apple Juice 24x10oz Btl', 24],
      ['Cranberry Cocktail 8x64oz', 8],
      ['Cranberry Cocktail 24x10oz Btl', 24],
      ['Pineapple Juice 24x6oz Can', 24],
      ['Grapefruit Juice 12x32oz', 12],
      ['Tomato Juice 24x5.5oz Can', 24],
      ['Bloody Mary Mix 12x1L', 12],
      ['Sweet & Sour Mix 12x1L', 12],
      ['Lime Juice 12x1L', 12],
      ['Grenadine 12x1L', 12],
      ['Margarita Mix 6x1.75L', 6],
      ['Lemonade 12x20oz Btl', 12],
      ['Iced Tea Sweet 12x18.5oz Btl', 12],
      ['Fruit Punch 24x10oz Btl', 24, 'inactive'],
    ],
  },
  {
    key: 'ice',
    prefix: 'IC',
    type: 1,
    splitShare: 0,
    items: [
      ['Cube Ice 8x7lb Bag', 8],
      ['Cube Ice 20lb Bag', 1],
      ['Cube Ice 40lb Bag', 1],
      ['Crushed Ice 6x10lb Bag', 6],
      ['Block Ice 10lb', 1],
    ],
  },
  {
    key: 'frozen',
    prefix: 'FZ',
    type: 1,
    splitShare: 0.25,
    items: [
      ['Frozen Margarita Mix 12x1L', 12],
      ['Frozen Strawberry Daiquiri Mix 12x1L', 12],
      ['Frozen Pina Colada Mix 12x1L', 12],
      ['Frozen Lemonade Concentrate 24x12oz', 24],
      ['Frozen Orange Juice Concentrate 24x12oz', 24],
      ['Frozen Cocktail Pouches Variety 24x10oz', 24],
      ['Frozen Wine Slush Pouches 24x10oz', 24],
      ['Frozen Fruit Smoothie Packs 24x6oz', 24],
      ['Frozen Lime Wedges 12x1lb', 12],
      ['Frozen Pineapple Chunks 12x2lb', 12],
      ['Frozen Mango Puree 12x30oz', 12],
      ['Frozen Coffee Concentrate 6x64oz', 6, 'inactive'],
    ],
  },
  {
    key: 'icecream',
    prefix: 'CR',
    type: 1,
    splitShare: 0.4,
    items: [
      ['Ice Cream Bar Chocolate Coated 24ct', 24],
      ['Ice Cream Sandwich 24ct', 24],
      ['Fudge Bar 24ct', 24],
      ['Fruit Bar Strawberry 24ct', 24],
      ['Fruit Bar Mango 24ct', 24],
      ['Ice Pops Rocket 24ct', 24],
      ['Ice Cream Cone Vanilla 24ct', 24],
      ['Ice Cream Pint Assorted 8ct', 8],
      ['Ice Cream Cup Vanilla 48x4oz', 48],
      ['Orange Sherbet Push-Up 24ct', 24],
    ],
  },
  {
    key: 'supplies',
    prefix: 'SU',
    type: 0,
    splitShare: 0.3,
    items: [
      ['CO2 Cylinder 20lb Exchange', 1],
      ['Beverage Napkins 12x500ct', 12],
      ['Plastic Cups 16oz 20x50ct', 20],
      ['Cocktail Straws 10x1000ct', 10],
      ['Beer Line Cleaner 4x1gal', 4],
      ['Bar Towels 12ct', 12],
    ],
  },
];
