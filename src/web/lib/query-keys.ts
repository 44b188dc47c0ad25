/**
 * One factory for every query key (style.md habit 4). `all` is the prefix to invalidate a whole
 * area after a mutation; `list`/`detail` for its parts. Later screens add their areas here.
 */
function area<const Name extends string>(name: Name) {
  return {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (filters?: Record<string, unknown>) => [name, 'list', filters ?? {}] as const,
    details: () => [name, 'detail'] as const,
    detail: (id: number | string) => [name, 'detail', id] as const,
  };
}

export const queryKeys = {
  session: ['session'] as const,
  /** GET Sessions: the caller's signed-in devices (decision 066). */
  deviceSessions: ['deviceSessions'] as const,
  /** GET Passkeys: the signed-in person's passkeys (decision 069). */
  passkeys: ['passkeys'] as const,
  /** The staff home's card: what the sign-in limits saw in the last 24 hours. */
  signInAttacks: ['signInAttacks'] as const,
  /** GET Dashboard: the staff home's figures of the day (design.md 7.8). */
  dashboard: ['dashboard'] as const,
  footer: ['footer'] as const,
  users: area('users'),
  customers: area('customers'),
  /**
   * GET Customer/{id}?date=: its products' prices for delivery on `date` (design.md 8.4); under
   * the customers' area, so what refreshes a customer refreshes its prices.
   */
  pricesOn: (customerId: number, date: string) => ['customers', 'prices', customerId, date] as const,
  customerTypes: area('customerTypes'),
  /** GET Customer/{id}/People: who has access to the venue, with their roles (design.md 8.2). */
  people: (customerId: number) => ['people', customerId] as const,
  /** GET Customer/{id}/Reminders: RemindersOff (design.md 7.4). */
  customerReminders: (customerId: number) => ['customerReminders', customerId] as const,
  products: area('products'),
  messages: area('messages'),
  /** Days without deliveries (design.md 7.2); lists by `{ from, to }`. */
  holidays: area('holidays'),
  /** GET Audit: the audit trail's pages by filter (design.md 7.6). */
  audit: area('audit'),
  /** GET Customer/{id}/DeliveryDates: the next dates and their OrderBy. */
  deliveryDates: (customerId: number, count: number) => ['deliveryDates', customerId, count] as const,
  /** Prefix of every customer's delivery dates (a holiday changes them). */
  deliveryDatesAll: ['deliveryDates'] as const,
  displayMessages: (customerTypeId: number) => ['displayMessages', customerTypeId] as const,
  /** Prefix of every customer type's display messages (a saved message may change any of them). */
  displayMessagesAll: ['displayMessages'] as const,
  orders: area('orders'),
  /** GET Order/{customerId}/Last: where a new standing order starts (under the orders' area). */
  lastOrder: (customerId: number) => ['orders', 'last', customerId] as const,
  /** A customer's invoices (`list({ customerId })`) and each one's check (design.md 8.4). */
  invoices: area('invoices'),
  /** A customer's standing orders with their next dates (design.md 8.6). */
  standingOrders: (customerId: number) => ['standingOrders', customerId] as const,
  /** Regenerate Orders: the admin's list of web orders (GET Orders with its filters). */
  webOrders: area('webOrders'),
  worksheet: (customerId: number) => ['worksheet', customerId] as const,
  /** Prefix of every worksheet (a new order changes the customer's worksheet). */
  worksheetAll: ['worksheet'] as const,
  /** The last report of an import endpoint, kept in the browser until its next upload (decision 030). */
  importReport: (url: string) => ['importReport', url] as const,
  /** GET Customer/{id}/OrderGuide for a delivery date (design.md 7.1). */
  orderGuide: (customerId: number, date: string) => ['orderGuide', customerId, date] as const,
  /** Prefix of a customer's order guides (a saved par changes every date's). */
  orderGuides: (customerId: number) => ['orderGuide', customerId] as const,
  /** GET Customer/{id}/Draft: the customer's unsent order, or null (design.md 7.3). */
  draft: (customerId: number) => ['draft', customerId] as const,
  /** The orders a sign-in submitted with no network, on this device (issue 39). */
  outbox: (owner: string | null) => ['outbox', owner] as const,
  /** An order loaded for Re-Order (POST Order/Copy, read as a query). */
  orderCopy: (orderId: number) => ['orderCopy', orderId] as const,
};
