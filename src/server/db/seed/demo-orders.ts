/**
 * Six months of order history per customer (as if imported from the ERP) and a few recent
 * web orders. Pure: orders name their customer by company id and their lines by product
 * code; demo.ts turns those into ids. Web orders get their number from the database.
 */
import { addDays, dateInZone, weekday, zonedInstant } from './dates.js';
import {
  areaCodes,
  type DemoCustomer,
  demoCustomers,
  demoCustomerTypes,
  firstNames,
  lastNames,
  webOrderCompanies,
} from './demo-catalog.js';
import { type PlannedLink, type PlannedProduct, SEED } from './demo-plan.js';
import { mulberry32, type Rng } from './prng.js';

export interface PlannedLine {
  code: string;
  caseQuantity: number;
  unitQuantity: number;
}

export interface PlannedOrder {
  companyId: number;
  source: 'web' | 'import';
  /** Null for web orders: their Web Conf # comes from `web_order_num_seq`. */
  orderNum: string | null;
  orderType: string;
  createDate: Date;
  deliveryDate: string;
  name: string;
  phone: string;
  email: string;
  referencePo: string;
  status: number;
  exportedAt: Date | null;
  lines: PlannedLine[];
}

interface Contact {
  name: string;
  phone: string;
  email: string;
}

const HISTORY_DAYS = 182;
const REFERENCE_TYPES = new Set([6, 7]);
const STATUS_OPEN = 1;
const STATUS_COMPLETED = 99;

function contactsFor(customer: DemoCustomer, rng: Rng): Contact[] {
  const domain = `${customer.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.com`;
  return Array.from({ length: rng.int(1, 3) }, () => {
    const first = rng.pick(firstNames);
    const last = rng.pick(lastNames);
    return {
      name: `${first} ${last}`,
      // Stored unmasked, 10 digits; 555-01xx numbers are reserved for fiction.
      phone: `${rng.pick(areaCodes)}55501${String(rng.int(0, 99)).padStart(2, '0')}`,
      email: `${first}.${last}@${domain}`.toLowerCase(),
    };
  });
}

/** No deliveries on Sundays; none on Saturdays for customer type 1 (spec section 9). */
function deliverable(date: string, customerTypeId: number): boolean {
  const day = weekday(date);
  return day !== 0 && !(day === 6 && customerTypeId === 1);
}

class CustomerOrders {
  private readonly rng: Rng;
  private readonly contacts: Contact[];
  /** Staples are ordered nearly every week, in larger quantities. */
  private readonly staples = new Set<string>();

  constructor(
    private readonly customer: DemoCustomer,
    private readonly links: readonly PlannedLink[],
    private readonly products: ReadonlyMap<string, PlannedProduct>,
    private readonly timeZone: string,
    seed: number,
  ) {
    this.rng = mulberry32(seed);
    this.contacts = contactsFor(customer, this.rng);
    for (const link of links) if (this.rng.chance(0.3)) this.staples.add(link.code);
  }

  lines(deliveryDate: string, min: number, max: number): PlannedLine[] {
    const rng = this.rng;
    const open = this.links.filter(
      (l) =>
        (l.startDate === null || l.startDate <= deliveryDate) &&
        (l.endDate === null || l.endDate >= deliveryDate) &&
        this.products.get(l.code)?.isActive,
    );
    const picked = rng.sample(open, rng.int(min, max), (l) => (this.staples.has(l.code) ? 6 : 1));
    return picked
      .sort((a, b) => a.orderNo - b.orderNo)
      .map((link) => {
        const product = this.products.get(link.code)!;
        const staple = this.staples.has(link.code);
        const unitQuantity =
          !product.isCaseOnly && rng.chance(0.35) ? rng.int(1, Math.min(6, product.units - 1)) : 0;
        return { code: link.code, caseQuantity: rng.int(1, staple ? 10 : 4), unitQuantity };
      });
  }

  order(deliveryDate: string, createDate: Date, web: boolean): PlannedOrder {
    const rng = this.rng;
    const contact = rng.chance(0.7) ? this.contacts[0]! : rng.pick(this.contacts);
    const reference = REFERENCE_TYPES.has(this.customer.customerTypeId);
    return {
      companyId: this.customer.companyId,
      source: web ? 'web' : 'import',
      orderNum: null,
      orderType: web ? 'WEB' : 'REG',
      createDate,
      deliveryDate,
      ...contact,
      // The ERP's history file has no Reference PO column; web orders of types 6 and 7 need one.
      referencePo: web && reference ? `PO-${rng.int(10_000, 99_999)}` : '',
      status: web ? STATUS_OPEN : STATUS_COMPLETED,
      exportedAt: web ? new Date(createDate.getTime() + rng.int(2, 30) * 1000) : null,
      lines: this.lines(deliveryDate, 3, web ? 10 : 12),
    };
  }

  /** Roughly weekly on the customer's delivery day, for six months up to yesterday. */
  history(today: string): PlannedOrder[] {
    const rng = this.rng;
    const typeId = this.customer.customerTypeId;
    const day = rng.pick(typeId === 1 ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6]);
    // An inactive customer stopped ordering a while ago.
    const last = addDays(today, this.customer.isActive ? -1 : -rng.int(45, 90));
    let date = addDays(today, -HISTORY_DAYS);
    while (weekday(date) !== day) date = addDays(date, 1);
    const orders: PlannedOrder[] = [];
    for (; date <= last; date = addDays(date, 7)) {
      if (rng.chance(0.08)) continue; // a week without an order
      orders.push(this.order(date, this.createdBefore(date), false));
      const extra = addDays(date, 3);
      if (rng.chance(0.1) && extra <= last && deliverable(extra, typeId)) {
        orders.push(this.order(extra, this.createdBefore(extra), false));
      }
    }
    return orders;
  }

  /** One to three days before delivery, in business hours, never on a Sunday. */
  private createdBefore(deliveryDate: string): Date {
    const rng = this.rng;
    let days = rng.int(1, 3);
    if (weekday(addDays(deliveryDate, -days)) === 0) days = days === 3 ? 2 : days + 1;
    return zonedInstant(addDays(deliveryDate, -days), rng.int(7, 17), rng.int(0, 59), this.timeZone);
  }

  /** Placed on this site in the last few days, for delivery after today: still Open. */
  webOrders(now: Date, today: string, count: number): PlannedOrder[] {
    const rng = this.rng;
    const type = demoCustomerTypes.find((t) => t.id === this.customer.customerTypeId);
    const leadDays = Math.ceil((type?.leadHours ?? 24) / 24) + 1;
    const taken = new Set<string>();
    const orders: PlannedOrder[] = [];
    for (let i = 0; i < count; i++) {
      const createDate = new Date(now.getTime() - (rng.int(0, 4) * 24 + rng.int(1, 10)) * 3_600_000);
      let date = addDays(dateInZone(createDate, this.timeZone), leadDays + rng.int(0, 6));
      while (date <= today || taken.has(date) || !deliverable(date, this.customer.customerTypeId)) {
        date = addDays(date, 1);
      }
      taken.add(date);
      orders.push(this.order(date, createDate, true));
    }
    return orders;
  }
}

export function planOrders(
  products: readonly PlannedProduct[],
  links: readonly PlannedLink[],
  opts: { now: Date; businessTz: string },
): PlannedOrder[] {
  const today = dateInZone(opts.now, opts.businessTz);
  const byCode = new Map(products.map((p) => [p.code, p]));
  const imported: PlannedOrder[] = [];
  const web: PlannedOrder[] = [];
  for (const customer of demoCustomers) {
    const own = links.filter((l) => l.companyId === customer.companyId);
    const seed = SEED + 2000 + customer.companyId;
    const plan = new CustomerOrders(customer, own, byCode, opts.businessTz, seed);
    imported.push(...plan.history(today));
    if (customer.isActive && webOrderCompanies.includes(customer.companyId)) {
      const count = mulberry32(seed + 5000).int(1, 3);
      web.push(...plan.webOrders(opts.now, today, count));
    }
  }
  // ERP order numbers: 7 digits, rising with the order date like the ERP hands them out.
  const byDate = (a: PlannedOrder, b: PlannedOrder) =>
    a.createDate.getTime() - b.createDate.getTime() || a.companyId - b.companyId;
  imported.sort(byDate);
  const rng = mulberry32(SEED + 3);
  let orderNum = 4_180_000;
  for (const order of imported) {
    orderNum += rng.int(3, 40);
    order.orderNum = String(orderNum);
  }
  return [...imported, ...web.sort(byDate)];
}
