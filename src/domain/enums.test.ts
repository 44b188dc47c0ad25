import { describe, expect, it } from 'vitest';
import { OrderStatus, orderStatusName, ProductType, productTypeName } from './enums';

describe('enums', () => {
  it("keep the spec's numbers", () => {
    expect(OrderStatus).toEqual({ None: 0, Open: 1, NoDelivery: 2, Cancelled: 3, Completed: 99 });
    expect(ProductType).toEqual({ None: 0, Frozen: 1, NonFrozen: 2 });
  });

  it('name order statuses as the screens show them, Cancelled included (design.md 7.10)', () => {
    expect(orderStatusName(OrderStatus.Open)).toBe('Open');
    expect(orderStatusName(OrderStatus.NoDelivery)).toBe('No Delivery');
    expect(orderStatusName(OrderStatus.Cancelled)).toBe('Cancelled');
    expect(orderStatusName(3)).toBe('Cancelled');
    expect(orderStatusName(OrderStatus.Completed)).toBe('Completed');
    expect(orderStatusName(OrderStatus.None)).toBe('Unknown');
    expect(orderStatusName(4)).toBe('Unknown');
  });

  it('name product types as the screens show them', () => {
    expect(productTypeName(ProductType.Frozen)).toBe('Frozen');
    expect(productTypeName(ProductType.NonFrozen)).toBe('Non-Frozen');
    expect(productTypeName(ProductType.None)).toBe('Unknown');
    expect(productTypeName(7)).toBe('Unknown');
    expect(productTypeName(null)).toBe('Unknown');
  });
});
