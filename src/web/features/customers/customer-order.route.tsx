import { Center, Loader, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { formatCompanyId } from '../../../domain/company-id';
import { paths } from '../../paths';
import { OrderFormScreen, useChangeId } from '../order/order-form-screen';
import { useCustomer } from './api/get-customer';

/**
 * /maint/customer/order/{id}: staff take an order by phone, or change one (`?change=`, design.md 7.10), for the customer (design.md 7.5), on
 * the customer's own three-step form and guide, as staff: the lead time may be overridden with
 * a reason, the customer's draft is left alone, and OK lands on the customer's orders.
 */
export function Component() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const changeId = useChangeId();

  if (!Number.isInteger(id) || id <= 0 || customer.isError) {
    return <Text>This customer could not be found.</Text>;
  }
  const c = customer.data;
  if (!c) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading customer" />
      </Center>
    );
  }
  if (!c.IsActive) {
    return <Text>This customer is inactive: make them active before ordering for them.</Text>;
  }
  return (
    <Stack gap="md" maw={1400}>
      <OrderFormScreen
        customer={c}
        copyId={null}
        changeId={changeId}
        staff={{
          customerLabel: `${formatCompanyId(c.CompanyId)} ${c.Name}`,
          doneTo: paths.customerOrders(c.Id),
        }}
      />
    </Stack>
  );
}
