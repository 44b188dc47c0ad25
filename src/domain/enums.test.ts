import { describe, expect, it } from 'vitest';
import { OrderStatus, ProductType, productTypeName } from './enums';

describe('enums', () => {
  it("keep the spec's numbers", () => {
    expect(OrderStatus).toEqual({ None: 0, Open: 1, NoDelivery: 2, Completed: 99 });
    expect(ProductType).toEqual({ None: 0, Frozen: 1, NonFrozen: 2 });
  });

  it('name product types as the screens show them', () => {
    expect(productTypeName(ProductType.Frozen)).toBe('Frozen');
    expect(productTypeName(ProductType.NonFrozen)).toBe('Non-Frozen');
    expect(productTypeName(ProductType.None)).toBe('Unknown');
    expect(productTypeName(7)).toBe('Unknown');
    expect(productTypeName(null)).toBe('Unknown');
  });
});
