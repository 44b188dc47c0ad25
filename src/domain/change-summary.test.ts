import { describe, expect, it } from 'vitest';
import { changeSummary } from './change-summary';

const line = (Code: string, Cases: number, Units = 0) => ({
  Code,
  Description: `Beer ${Code}`,
  Cases,
  Units,
});

describe('what a change does, in words (issue 33)', () => {
  it('names the new date and each product added, removed or with other quantities', () => {
    expect(
      changeSummary(
        { DeliveryDate: '2026-11-27', Products: [line('A', 3), line('B', 2), line('C', 1, 6)] },
        { DeliveryDate: '2026-11-30', Products: [line('A', 5), line('C', 1, 6), line('D', 0, 4)] },
      ),
    ).toEqual([
      'Delivery date: 11/27/2026 → 11/30/2026',
      'Beer A (A): 3 cases → 5 cases',
      'Beer D (D): added, 4 units',
      'Beer B (B): removed (was 2 cases)',
    ]);
  });

  it('says nothing when nothing changes', () => {
    const side = { DeliveryDate: '2026-11-27', Products: [line('A', 1)] };
    expect(changeSummary(side, { ...side, Products: [line('A', 1)] })).toEqual([]);
  });
});
