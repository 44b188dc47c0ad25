import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderStatus } from './enums';
import { orderByInstant } from './order-by';
import { type ChangeableOrder, changeableUntil, changeWindow } from './order-change';

const CHICAGO = 'America/Chicago';
const type1 = { LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };
const order = (DeliveryDate: string, over: Partial<ChangeableOrder> = {}): ChangeableOrder => ({
  OrderNum: 'W1042',
  DeliveryDate,
  Source: 'web',
  Status: OrderStatus.Open,
  ...over,
});
const at = (iso: string) => new Date(iso);
const ms = (iso: string, delta: number) => new Date(Date.parse(iso) + delta);

describe('changeWindow (design.md 7.10)', () => {
  it('is open until the cutoff minute, and the cutoff minute itself is late', () => {
    // Friday 11/27 for a type-1 customer: Wednesday 11/25 at 4:00 PM Central (22:00 UTC).
    const friday = order('2026-11-27');
    expect(changeWindow(friday, type1, at('2026-11-25T15:00:00Z'), CHICAGO)).toEqual({
      open: true,
      until: at('2026-11-25T22:00:00Z'),
    });
    expect(changeWindow(friday, type1, ms('2026-11-25T22:00:00Z', -1), CHICAGO).open).toBe(true);
    expect(changeWindow(friday, type1, at('2026-11-25T22:00:00Z'), CHICAGO)).toEqual({
      open: false,
      reason: 'cutoff',
      closedAt: at('2026-11-25T22:00:00Z'),
      message:
        'Order W1042 can no longer be changed: its cutoff passed at 4:00 PM Central on Wednesday 11/25',
    });
    expect(changeWindow(friday, type1, at('2026-11-25T22:00:59Z'), CHICAGO).open).toBe(false);
  });

  it('on the spring-forward day, closes at the cutoff of the day’s own offset, and at 3:00 for a 2:30 cutoff that never shows', () => {
    // Tuesday 03/10: the cutoff is Sunday 03/08, the day the clocks go forward (CDT, UTC-5).
    const tuesday = order('2026-03-10');
    expect(changeWindow(tuesday, type1, ms('2026-03-08T21:00:00Z', -1), CHICAGO).open).toBe(true);
    const closed = changeWindow(tuesday, type1, at('2026-03-08T21:00:00Z'), CHICAGO);
    expect(closed).toMatchObject({ open: false, reason: 'cutoff', closedAt: at('2026-03-08T21:00:00Z') });
    expect(closed.open === false && closed.message).toBe(
      'Order W1042 can no longer be changed: its cutoff passed at 4:00 PM Central on Sunday 03/08',
    );
    const early = { LeadHours: 24, CutoffHours: 2, CutoffMinutes: 30 };
    expect(changeWindow(tuesday, early, ms('2026-03-08T08:00:00Z', -1), CHICAGO).open).toBe(true);
    const gap = changeWindow(tuesday, early, at('2026-03-08T08:00:00Z'), CHICAGO);
    expect(gap.open === false && gap.message).toBe(
      'Order W1042 can no longer be changed: its cutoff passed at 3:00 AM Central on Sunday 03/08',
    );
  });

  it('on the fall-back day, closes at the first 1:30 and stays closed when the clock reads 1:15 again', () => {
    // Tuesday 11/03: the cutoff is Sunday 11/01, the day the clocks go back.
    const tuesday = order('2026-11-03');
    const early = { LeadHours: 24, CutoffHours: 1, CutoffMinutes: 30 };
    expect(changeWindow(tuesday, early, ms('2026-11-01T06:30:00Z', -1), CHICAGO).open).toBe(true);
    expect(changeWindow(tuesday, early, at('2026-11-01T06:30:00Z'), CHICAGO).open).toBe(false);
    // 07:15 UTC is 1:15 AM again, in CST: the cutoff has passed all the same.
    expect(changeWindow(tuesday, early, at('2026-11-01T07:15:00Z'), CHICAGO).open).toBe(false);
    // A 4 PM cutoff that day is in CST (UTC-6).
    expect(changeWindow(tuesday, type1, ms('2026-11-01T22:00:00Z', -1), CHICAGO).open).toBe(true);
    expect(changeWindow(tuesday, type1, at('2026-11-01T22:00:00Z'), CHICAGO).open).toBe(false);
  });

  it('never opens an order that is not an open web order', () => {
    const now = at('2026-11-20T12:00:00Z');
    for (const over of [
      { Status: OrderStatus.Completed },
      { Status: OrderStatus.NoDelivery },
      { Status: 3 }, // Cancelled (design.md 7.10)
      { Source: 'erp' as const },
    ]) {
      expect(changeWindow(order('2026-11-27', over), type1, now, CHICAGO)).toEqual({
        open: false,
        reason: 'not-open',
        message: 'Order W1042 can no longer be changed: it is not an open web order',
      });
    }
  });

  it('is open exactly when now is before the OrderBy instant, whatever the rules and the day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 730 }),
        fc.integer({ min: 0, max: 96 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }),
        (day, lead, hours, minutes, offset) => {
          const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
          const rules = { LeadHours: lead, CutoffHours: hours, CutoffMinutes: minutes };
          const until = orderByInstant(date, rules, CHICAGO).getTime();
          const now = new Date(until + offset);
          expect(changeWindow(order(date), rules, now, CHICAGO).open).toBe(offset < 0);
        },
      ),
    );
  });

  it('changeableUntil is the OrderBy while the window is open, and null once it is not', () => {
    const friday = order('2026-11-27');
    expect(changeableUntil(friday, type1, at('2026-11-25T15:00:00Z'), CHICAGO)).toBe(
      '2026-11-25T22:00:00.000Z',
    );
    expect(changeableUntil(friday, type1, at('2026-11-25T22:00:00Z'), CHICAGO)).toBeNull();
    expect(
      changeableUntil(
        { ...friday, Status: OrderStatus.Cancelled },
        type1,
        at('2026-11-25T15:00:00Z'),
        CHICAGO,
      ),
    ).toBeNull();
    expect(
      changeableUntil({ ...friday, Source: 'erp' }, type1, at('2026-11-25T15:00:00Z'), CHICAGO),
    ).toBeNull();
  });
});
