/** The spec's numbered values (section 4). The numbers are stored and sent as they are. */

/** Cancelled (3) is beyond the spec's values: a web order its customer or staff cancelled before its cutoff (design.md 7.10). */
export const OrderStatus = { None: 0, Open: 1, NoDelivery: 2, Cancelled: 3, Completed: 99 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** The name shown for an order's status (spec section 4's values); None and anything else: 'Unknown'. */
export function orderStatusName(
  status: number,
): 'Open' | 'No Delivery' | 'Cancelled' | 'Completed' | 'Unknown' {
  if (status === OrderStatus.Open) return 'Open';
  if (status === OrderStatus.NoDelivery) return 'No Delivery';
  if (status === OrderStatus.Cancelled) return 'Cancelled';
  if (status === OrderStatus.Completed) return 'Completed';
  return 'Unknown';
}

export const ProductType = { None: 0, Frozen: 1, NonFrozen: 2 } as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];

export type ProductTypeName = 'Frozen' | 'Non-Frozen' | 'Unknown';

/** The label shown for a product's type; anything unrecognised (including None) is 'Unknown'. */
export function productTypeName(type: number | null | undefined): ProductTypeName {
  if (type === ProductType.Frozen) return 'Frozen';
  if (type === ProductType.NonFrozen) return 'Non-Frozen';
  return 'Unknown';
}
