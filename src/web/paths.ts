/** Every route of the app (spec section 2), and builders for the ones with parameters. */
export const paths = {
  root: '/',
  customerLogin: '/user/login',
  /** A person's own sign-in (design.md 8.2): email, then the mailed code. */
  personLogin: '/user/login/email',
  /** Which of a person's venues to order for. */
  venuePick: '/user/venue',
  invitation: (token: string) => `/invite/${token}`,
  orderHome: '/order/home',
  orderHistory: '/order/history',
  orderHistoryDetail: (id: number | string) => `/order/history/detail/${id}`,
  orderForm: (id: number | string = 0) => `/order/form/${id}`,
  /** Re-Order: a new order form (id 0) filled from order `orderId`, delivery date cleared. */
  orderReorder: (orderId: number | string) => `/order/form/0?copy=${orderId}`,
  /** Change a placed order before its cutoff (design.md 7.10): the same form, filled with it. */
  orderChange: (orderId: number | string) => `/order/form/0?change=${orderId}`,
  /** The customer's invoices and each one's check against its order (design.md 8.4). */
  orderInvoices: '/order/invoices',
  orderInvoice: (id: number | string) => `/order/invoices/${id}`,
  /** The customer's standing orders (design.md 8.6). */
  orderStanding: '/order/standing',
  /** A new standing order, filled from order `from`, or from the last order. */
  orderStandingNew: (from?: number | string) =>
    `/order/standing/new${from === undefined ? '' : `?from=${from}`}`,
  orderStandingEdit: (id: number | string) => `/order/standing/${id}`,
  /** The venue's people, for its Owner (design.md 8.2). */
  orderPeople: '/order/people',
  worksheet: (customerId: number | string, name: string) =>
    `/worksheet/${customerId}/${encodeURIComponent(name)}`,

  adminLogin: '/maint/login',
  maint: '/maint',
  maintHome: '/maint/home',
  items: '/maint/items',
  itemEdit: (id: number | string) => `/maint/item/edit/${id}`,
  itemImport: '/maint/item/import',
  customers: '/maint/customers',
  customerImport: '/maint/customer/import',
  customerEdit: (id: number | string) => `/maint/customer/edit/${id}`,
  /** The customer's view on its Orders tab (where staff land after ordering for them). */
  customerOrders: (id: number | string) => `/maint/customer/edit/${id}?tab=orders`,
  /** The customer's view on its Invoices tab (design.md 8.4). */
  customerInvoices: (id: number | string) => `/maint/customer/edit/${id}?tab=invoices`,
  /** The customer's view on its Standing Orders tab (design.md 8.6). */
  customerStanding: (id: number | string) => `/maint/customer/edit/${id}?tab=standing`,
  /** The customer's view on its People tab (design.md 8.2). */
  customerPeople: (id: number | string) => `/maint/customer/edit/${id}?tab=people`,
  /** Staff's order for the customer (design.md 7.5): the customer's order form, as staff. */
  customerOrder: (id: number | string) => `/maint/customer/order/${id}`,
  /** Staff change a customer's placed order (design.md 7.10) on the customer's order form. */
  customerOrderChange: (id: number | string, orderId: number | string) =>
    `/maint/customer/order/${id}?change=${orderId}`,
  maintOrder: (id: number | string) => `/maint/order/${id}`,
  /** An invoice's check, as staff see it (design.md 8.4). */
  maintInvoice: (id: number | string) => `/maint/invoice/${id}`,
  customerItemsImport: '/maint/customer/importitems',
  customerTypes: '/maint/customertype',
  customerTypeEdit: (id: number | string) => `/maint/customertype/edit/${id}`,
  orderMessages: '/maint/ordermessages',
  orderMessageEdit: (id: number | string) => `/maint/ordermessage/edit/${id}`,
  regenerateOrders: '/maint/regenerateorders',
  holidays: '/maint/holidays',
  audit: '/maint/audit',
  users: '/maint/users',
  userEdit: (id: number | string) => `/maint/user/edit/${id}`,
} as const;

/** Search parameter a login page reads to go back where the guard sent the user from. */
export const RETURN_TO = 'returnTo';

/** A login URL that remembers `from` (path + search). */
export function loginPath(login: string, from: string): string {
  return `${login}?${RETURN_TO}=${encodeURIComponent(from)}`;
}

/**
 * The `returnTo` value if it is a same-site path under one of `prefixes`, else `fallback`.
 * Never an absolute or protocol-relative URL (no open redirect through the login page).
 */
export function safeReturnTo(raw: string | null, prefixes: readonly string[], fallback: string): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  return prefixes.some((p) => raw === p || raw.startsWith(`${p}/`) || raw.startsWith(`${p}?`))
    ? raw
    : fallback;
}
