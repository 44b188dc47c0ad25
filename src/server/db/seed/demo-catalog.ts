import type { CategoryKey } from './demo-products.js';

/**
 * Demo customers and customer types: a Chicago-area distributor's accounts. Names are
 * made up; phone numbers use the 555-01xx range kept for fiction, e-mail the reserved
 * `example.com` domain, so a demo order never reaches anybody.
 */

export interface DemoCustomerType {
  id: number;
  name: string;
  leadHours: number;
  cutoffHours: number;
  cutoffMinutes: number;
  /** The order minimum in cases (design.md 7.11); absent is none. */
  minimumCases?: number;
}

/** Types 6 and 7 are reference customers: their orders need a Reference PO. */
export const demoCustomerTypes: readonly DemoCustomerType[] = [
  { id: 1, name: 'Bars & Taverns', leadHours: 24, cutoffHours: 16, cutoffMinutes: 0 },
  { id: 2, name: 'Restaurants', leadHours: 48, cutoffHours: 14, cutoffMinutes: 30 },
  { id: 3, name: 'Liquor Stores', leadHours: 48, cutoffHours: 12, cutoffMinutes: 0 },
  { id: 4, name: 'Convenience Stores', leadHours: 24, cutoffHours: 15, cutoffMinutes: 0 },
  // Grocers order by the pallet: the one demo type with an order minimum, so the feature shows
  // (the browser journeys order a few cases as types 1, 2, 4 and 6, never as type 5).
  { id: 5, name: 'Grocery', leadHours: 72, cutoffHours: 13, cutoffMinutes: 0, minimumCases: 10 },
  { id: 6, name: 'Chain Accounts (Ref PO)', leadHours: 96, cutoffHours: 11, cutoffMinutes: 0 },
  { id: 7, name: 'Hotels & Catering (Ref PO)', leadHours: 72, cutoffHours: 15, cutoffMinutes: 30 },
];

/** How much each customer type stocks of each category (0: never); drives product links. */
export const categoryWeights: Readonly<Record<number, Readonly<Record<CategoryKey, number>>>> = {
  1: {
    beer: 5,
    wine: 1,
    spirits: 4,
    soda: 3,
    water: 1,
    juice: 3,
    ice: 2,
    frozen: 2,
    icecream: 0,
    supplies: 2,
  },
  2: {
    beer: 3,
    wine: 4,
    spirits: 2,
    soda: 3,
    water: 3,
    juice: 2,
    ice: 1,
    frozen: 1,
    icecream: 1,
    supplies: 1,
  },
  3: {
    beer: 5,
    wine: 5,
    spirits: 5,
    soda: 1,
    water: 1,
    juice: 2,
    ice: 2,
    frozen: 1,
    icecream: 0,
    supplies: 0,
  },
  4: {
    beer: 4,
    wine: 1,
    spirits: 0,
    soda: 5,
    water: 4,
    juice: 3,
    ice: 3,
    frozen: 1,
    icecream: 3,
    supplies: 0,
  },
  5: {
    beer: 3,
    wine: 3,
    spirits: 1,
    soda: 4,
    water: 4,
    juice: 4,
    ice: 2,
    frozen: 3,
    icecream: 3,
    supplies: 0,
  },
  6: {
    beer: 4,
    wine: 3,
    spirits: 2,
    soda: 4,
    water: 4,
    juice: 3,
    ice: 2,
    frozen: 2,
    icecream: 2,
    supplies: 0,
  },
  7: {
    beer: 3,
    wine: 5,
    spirits: 3,
    soda: 3,
    water: 4,
    juice: 3,
    ice: 2,
    frozen: 2,
    icecream: 1,
    supplies: 2,
  },
};

export interface DemoCustomer {
  companyId: number;
  customerTypeId: number;
  name: string;
  zipcode: number;
  isActive: boolean;
}

const c = (companyId: number, name: string, zipcode: number, isActive = true): DemoCustomer => ({
  companyId,
  // The company id's first digit is the customer type, as the ERP numbers its accounts.
  customerTypeId: Math.floor(companyId / 1000),
  name,
  zipcode,
  isActive,
});

/**
 * 1001 / 60601 and 6001 / 60611 are the README's demo sign-ins (a bar and a reference
 * customer); 1002 / 60602 is inactive on purpose (tests sign in with it and are refused).
 */
export const demoCustomers: readonly DemoCustomer[] = [
  c(1001, 'Blue Heron Tavern', 60601),
  c(1002, 'Rusty Anchor Pub', 60602, false),
  c(1003, 'The Copper Tap', 60614),
  c(1004, 'Northside Alehouse', 60613),
  c(1005, 'Lucky Horseshoe Lounge', 60622),
  c(1006, "Kelly's Corner Bar", 60618),
  c(1007, 'Midway Sports Grill', 60638),
  c(1008, 'Logan Square Taproom', 60647),
  c(1009, 'Old Town Saloon', 60610),
  c(1010, 'Brass Rail Tavern', 60657),
  c(2001, 'Lakeview Trattoria', 60657),
  c(2002, 'Harbor Grill & Oyster Bar', 60611),
  c(2003, 'Pilsen Taqueria', 60608),
  c(2004, 'Greektown Taverna', 60661),
  c(2005, 'Wicker Park Bistro', 60622),
  c(2006, 'Maple Street Diner', 60640),
  c(2007, 'Chinatown Garden', 60616),
  c(2008, 'Bridgeport Smokehouse', 60609, false),
  c(3001, 'Lakeside Liquors', 60615),
  c(3002, 'Wrigleyville Wine & Spirits', 60613),
  c(3003, 'Hyde Park Bottle Shop', 60637),
  c(3004, 'Evergreen Park Liquors', 60805),
  c(3005, 'Cicero Avenue Liquor Mart', 60804),
  c(3006, 'Andersonville Cellars', 60640),
  c(4001, 'Quick Stop Food Mart', 60617),
  c(4002, 'Western Ave Mini Mart', 60625),
  c(4003, 'Sunrise Gas & Go', 60629),
  c(4004, 'Corner Pantry', 60626),
  c(4005, 'Alsip Express Mart', 60803),
  c(4006, 'Roseland Fuel Center', 60628),
  c(5001, 'Fresh Fields Market', 60618),
  c(5002, 'La Villita Supermercado', 60623),
  c(5003, 'Beverly Family Grocer', 60643),
  c(5004, 'Edgewater Green Grocer', 60660),
  c(6001, 'Windy City Markets #12 Streeterville', 60611),
  c(6002, 'Windy City Markets #07 Lincoln Park', 60614),
  c(6003, 'PrairieMart #27 Elmwood Park', 60707),
  c(7001, 'Lakeshore Grand Hotel', 60601),
  c(7002, 'Navy Pier Events & Catering', 60611),
  c(7003, 'Magnificent Mile Suites', 60611),
];

/**
 * Liquor licenses (design.md 8.2): number and last valid day in days from the seed's today.
 * 3002 expires within 30 days and 7003 has expired, so the dashboard lists both; the demo
 * sign-in 1001 stays valid for months and 6001 has none, so the journeys order as before (the
 * license journey signs in as 3002, which no other journey uses).
 */
export const demoLicenses: ReadonlyMap<number, { number: string; days: number }> = new Map([
  [1001, { number: 'IL-1B-104417', days: 240 }],
  [1004, { number: 'IL-1B-118830', days: 310 }],
  [2001, { number: 'IL-1C-207551', days: 150 }],
  [3001, { number: 'IL-PKG-300912', days: 75 }],
  [3002, { number: 'IL-PKG-301164', days: 12 }],
  [7003, { number: 'IL-1H-700385', days: -9 }],
]);

/**
 * Payment terms (design.md 8.4), as the customers file's column 7 gives them: the bar pays the
 * driver, the grocer by transfer, the hotel on credit; the others have none given.
 */
export const demoPaymentTerms: ReadonlyMap<number, string> = new Map([
  [1001, 'COD'],
  [5001, 'EFT'],
  [7003, 'NET30'],
]);

/**
 * People with their own sign-in (design.md 8.2): the owner of the demo bar and the reference
 * customer, who switches between the two, and a counter at the bar who prepares its draft. Their
 * codes arrive as mails (DATA_DIR/outbox without SMTP_URL).
 */
export const demoPeople: readonly {
  name: string;
  email: string;
  venues: readonly { companyId: number; role: 'Owner' | 'Orderer' | 'Counter' }[];
}[] = [
  {
    name: 'Dana Reyes',
    email: 'dana.reyes@example.com',
    venues: [
      { companyId: 1001, role: 'Owner' },
      { companyId: 6001, role: 'Owner' },
    ],
  },
  { name: 'Sam Ortiz', email: 'sam.ortiz@example.com', venues: [{ companyId: 1001, role: 'Counter' }] },
];

/** Company ids that get a few recent web orders (the demo sign-ins among them). */
export const webOrderCompanies: readonly number[] = [1001, 1004, 2002, 3001, 4002, 6001, 7001];

const words = (text: string): string[] => text.trim().split(/\s+/);

export const firstNames: readonly string[] = words(`
  Maria James Linda Robert Patricia Michael Jennifer David Elena Carlos
  Susan Thomas Karen Daniel Nancy Kevin Angela Brian Rosa Tony`);

export const lastNames: readonly string[] = words(`
  Kowalski Garcia Nguyen Murphy Johnson Lopez Novak Sullivan Patel Brennan
  Hernandez Wojcik Kim Schultz Rossi Washington Papadopoulos Chen Ortiz Walsh`);

/** Chicago-area codes; the local number is always 555-01xx. */
export const areaCodes: readonly string[] = ['312', '773', '872', '708', '847', '630'];

export const demoFooter =
  '<p>Questions about your order? Call Customer Service at <strong>(312) 555-0100</strong>, ' +
  'Monday to Friday 7:00 AM to 5:00 PM Central, or write to ' +
  '<a href="mailto:orders@example.com">orders@example.com</a>.</p>' +
  '<p>Orders placed after your cutoff time are scheduled one day later.</p>';

export const demoMessages: readonly { customerTypeId: number; message: string }[] = [
  {
    customerTypeId: 0,
    message:
      '<p><strong>Holiday schedule:</strong> there are no deliveries on public holidays. ' +
      'Deliveries due on a holiday move to the next delivery day; please order early.</p>' +
      '<ul><li>Check your delivery date before you submit.</li>' +
      '<li>Your Web Conf # is your receipt: keep it for any question about the order.</li></ul>',
  },
  {
    customerTypeId: 1,
    message:
      '<p><strong>Bars &amp; Taverns:</strong> empty kegs and CO<sub>2</sub> cylinders are picked up ' +
      'with your next delivery. Please have them by the door.</p>',
  },
];
