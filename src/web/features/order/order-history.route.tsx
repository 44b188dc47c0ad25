import { Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { isReferenceCustomerType } from '../../../domain/order.schema';
import { useBelow } from '../../lib/use-below';
import { breakpoints } from '../../theme';
import { useSignedInCustomer } from '../auth/api/get-session';
import { useOrders } from './api/get-orders';
import { OrdersList } from './components/orders-list';

/** Spec section 9: 15 rows a page on small screens, 25 otherwise. */
export const pageSize = (isPhone: boolean) => (isPhone ? 15 : 25);

/** /order/history: the customer's orders, newest first, with Detail and Re-Order. */
export function Component() {
  const customer = useSignedInCustomer();
  const isPhone = useBelow(breakpoints.small);
  const { data, isPending, isError } = useOrders(customer.CompanyId);
  const [search, setSearch] = useSearchParams();

  const orders = data?.Orders ?? [];
  const size = pageSize(isPhone);
  const pages = Math.max(1, Math.ceil(orders.length / size));
  const requested = Number(search.get('page') ?? '1');
  const page = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
  const shown = orders.slice((page - 1) * size, page * size);
  const setPage = (p: number) => {
    setSearch(p === 1 ? {} : { page: String(p) });
    window.scrollTo({ top: 0 });
  };

  const state = isPending ? 'loading' : isError ? 'error' : orders.length === 0 ? 'empty' : 'rows';
  return (
    <Stack gap="md">
      <Title order={1}>Orders History</Title>
      <OrdersList
        orders={shown}
        state={state}
        isPhone={isPhone}
        showReferencePO={isReferenceCustomerType(customer.CustomerTypeId)}
      />
      {pages > 1 && (
        <Group justify="space-between" gap="sm">
          <Text fz="sm" c="dimmed">
            {(page - 1) * size + 1}–{Math.min(page * size, orders.length)} of {orders.length} orders
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size={isPhone ? 'sm' : 'md'}
            siblings={isPhone ? 0 : 1}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
            })}
            getItemProps={(p) => ({
              'aria-label': `Page ${p}`,
              'aria-current': p === page ? 'page' : undefined,
            })}
          />
        </Group>
      )}
    </Stack>
  );
}
