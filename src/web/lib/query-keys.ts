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
  footer: ['footer'] as const,
  users: area('users'),
  customers: area('customers'),
  customerTypes: area('customerTypes'),
  products: area('products'),
  messages: area('messages'),
  displayMessages: (customerTypeId: number) => ['displayMessages', customerTypeId] as const,
  orders: area('orders'),
  worksheet: (customerId: number) => ['worksheet', customerId] as const,
};
