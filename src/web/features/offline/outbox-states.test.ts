import { describe, expect, it } from 'vitest';
import {
  afterAnswer,
  draftOf,
  draftSaved,
  entrySummary,
  type OutboxEntry,
  queued,
  SIGN_IN_TO_SEND,
  waiting,
  waitingText,
} from './outbox-states';

const order = {
  DeliveryDate: '2026-12-01',
  Name: 'Pat Manager',
  Phone: '3125550100',
  Email: 'pat@example.com',
  ReferencePO: '',
  ProductQuantities: [
    { Code: 'BR-1105', CaseQuantity: 3, UnitQuantity: 0 },
    { Code: 'SP-1383', CaseQuantity: 2, UnitQuantity: 4, Substitution: 'Never' as const },
  ],
  BaseSavedAt: '2026-11-25T16:00:00.000Z',
};
const entry = (): OutboxEntry => queued({ key: 'k-1', owner: 'shared@1', customerId: 1, order, now: 1000 });

describe('the outbox', () => {
  it('queues an order as waiting, with its key and owner, sent as a new order (no draft base)', () => {
    const e = entry();
    expect(e).toMatchObject({ Key: 'k-1', Owner: 'shared@1', State: 'waiting', Tries: 0, QueuedAt: 1000 });
    expect(e.Order.BaseSavedAt).toBeUndefined();
    expect(waitingText([e])).toBe('Waiting to send: 1 order');
    expect(waitingText([e, { ...e, Key: 'k-2' }])).toBe('Waiting to send: 2 orders');
    expect(waitingText([])).toBeNull();
  });

  it('is placed once the server answers with a Web Conf #, and then nothing changes it', () => {
    const placed = afterAnswer(entry(), { kind: 'placed', orderNum: 'W100234' }, 2000);
    expect(placed).toMatchObject({ State: 'placed', OrderNum: 'W100234', Tries: 1, LastTriedAt: 2000 });
    expect(waiting([placed])).toEqual([]);
    expect(waitingText([placed])).toBeNull();
    // A second tab's answer for the same key changes nothing.
    expect(afterAnswer(placed, { kind: 'refused', message: 'late' }, 3000)).toBe(placed);
    expect(afterAnswer(placed, { kind: 'unanswered', message: 'x' }, 3000)).toBe(placed);
  });

  it('keeps waiting with no answer, a 5xx or a session that ended, and says why', () => {
    const lost = afterAnswer(entry(), { kind: 'unanswered', message: 'No connection' }, 2000);
    expect(lost).toMatchObject({ State: 'waiting', Tries: 1, Message: 'No connection' });
    const out = afterAnswer(lost, { kind: 'signedOut' }, 3000);
    expect(out).toMatchObject({ State: 'waiting', Tries: 2, Message: SIGN_IN_TO_SEND });
    expect(waiting([out])).toEqual([out]);
    // Sent again later, it is placed.
    expect(afterAnswer(out, { kind: 'placed', orderNum: 'W1' }, 4000).State).toBe('placed');
  });

  it("is refused with the server's message, then kept until its draft is saved", () => {
    const refused = afterAnswer(
      entry(),
      { kind: 'refused', message: 'Delivery Date violates Lead Time' },
      2000,
    );
    expect(refused).toMatchObject({
      State: 'refused',
      Message: 'Delivery Date violates Lead Time',
      DraftSaved: false,
    });
    expect(waiting([refused])).toEqual([]);
    expect(draftSaved(refused).DraftSaved).toBe(true);
    expect(draftSaved(entry()).DraftSaved).toBe(false);
  });

  it('puts a refused order back as a draft on its preview, quantities as the form shows them', () => {
    expect(draftOf(entry())).toEqual({
      DeliveryDate: '2026-12-01',
      Name: 'Pat Manager',
      Phone: '3125550100',
      Email: 'pat@example.com',
      ReferencePO: '',
      ProductQuantities: [
        { Code: 'BR-1105', CaseQuantity: 3, UnitQuantity: '' },
        { Code: 'SP-1383', CaseQuantity: 2, UnitQuantity: 4, Substitution: 'Never' },
      ],
      Step: 2,
    });
  });

  it('says what waits: the date, the products and the cases', () => {
    expect(entrySummary(entry())).toBe('Tue 12/01/2026 · 2 products · 5 cases');
  });
});
