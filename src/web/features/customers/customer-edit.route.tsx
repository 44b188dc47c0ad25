import {
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatCompanyId } from '../../../domain/company-id';
import { customerTypeName } from '../../../domain/customer-type.schema';
import { formatUsDate } from '../../../domain/delivery-calendar.schema';
import { paymentTermsText } from '../../../domain/payment-terms';
import { IconPlus } from '../../components/icons';
import { ReadOnlySwitch } from '../../components/read-only-switch';
import { paths } from '../../paths';
import { CustomerInvoicesTab } from '../invoices/components/customer-invoices-tab';
import { todayInBusiness, useBusinessNow } from '../order/order-time';
import { PeoplePanel } from '../people/components/people-panel';
import { StandingOrdersList } from '../standing-orders/components/standing-orders-list';
import { useCustomer } from './api/get-customer';
import { CustomerOrdersTab } from './components/customer-orders-tab';
import { CustomerProductsList } from './components/customer-products-list';
import { RemindersOffSwitch } from './components/reminders-off-switch';
import { licenseStatus } from './license-status';

const TABS = ['general', 'products', 'orders', 'standing', 'invoices', 'people'] as const;

/**
 * /maint/customer/edit/{id}, 'Customer - View': tabs General (read-only fields), Products
 * (the products linked to the customer), Orders (theirs, newest first; `?tab=orders`), Standing
 * Orders (design.md 8.6: each with its next dates, which staff may skip; `?tab=standing`), Invoices
 * (each checked against its order: design.md 8.4; `?tab=invoices`) and People
 * (who signs in for it, and its shared sign-in: design.md 8.2; `?tab=people`).
 * Customers change through the customer import only, their liquor license too (design.md 8.2:
 * shown with how long it has left, decision 067); Reminders Off (design.md 7.4) is the one
 * switch staff change here, and "Place an order for this customer" takes an order by phone
 * (design.md 7.5).
 */
export function Component() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab = TABS.find((t) => t === asked) ?? 'general';
  const today = todayInBusiness(useBusinessNow());

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
  return (
    <Stack gap="md">
      {c.IsActive && (
        <Group>
          <Button component={Link} to={paths.customerOrder(c.Id)} leftSection={<IconPlus size={18} />}>
            Place an order for this customer
          </Button>
        </Group>
      )}
      <Tabs
        value={tab}
        onChange={(next) => setSearch(next && next !== 'general' ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="general">General</Tabs.Tab>
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
          <Tabs.Tab value="standing">Standing Orders</Tabs.Tab>
          <Tabs.Tab value="invoices">Invoices</Tabs.Tab>
          <Tabs.Tab value="people">People</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          <Paper withBorder p={{ base: 'sm', xs: 'lg' }} radius="md" maw={840}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <TextInput
                  label="Customer Type"
                  value={customerTypeName(c.CustomerTypeId, c.CustomerTypeName)}
                  readOnly
                  variant="filled"
                />
                <TextInput
                  label="Company Id"
                  value={formatCompanyId(c.CompanyId)}
                  readOnly
                  variant="filled"
                />
                <TextInput label="Customer Name" value={c.Name} readOnly variant="filled" />
                <TextInput
                  label="Zip Code"
                  value={String(c.Zipcode).padStart(5, '0')}
                  readOnly
                  variant="filled"
                />
                <TextInput
                  label="License Number"
                  value={c.LicenseNumber ?? 'None'}
                  readOnly
                  variant="filled"
                />
                <LicenseExpiresField expires={c.LicenseExpires} today={today} />
                <TextInput
                  label="Payment Terms"
                  value={c.PaymentTerms ? paymentTermsText(c.PaymentTerms) : 'None'}
                  readOnly
                  variant="filled"
                />
              </SimpleGrid>
              <ReadOnlySwitch label="Active?" checked={c.IsActive} />
              <RemindersOffSwitch customerId={c.Id} label={`${formatCompanyId(c.CompanyId)} ${c.Name}`} />
            </Stack>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="products">
          <CustomerProductsList products={c.Products} />
        </Tabs.Panel>
        <Tabs.Panel value="orders">
          <CustomerOrdersTab companyId={c.CompanyId} customerTypeId={c.CustomerTypeId} />
        </Tabs.Panel>
        <Tabs.Panel value="standing">
          <StandingOrdersList
            customerId={c.Id}
            orderLink={paths.maintOrder}
            mayChange
            empty="This customer has no standing orders."
          />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <CustomerInvoicesTab customerId={c.Id} />
        </Tabs.Panel>
        <Tabs.Panel value="people">
          <PeoplePanel
            customerId={c.Id}
            venueName={c.Name}
            venueLabel={`${formatCompanyId(c.CompanyId)} ${c.Name}`}
            me={null}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The license's last day, and under it whether it has expired or how long it has left (red once expired). */
function LicenseExpiresField({ expires, today }: { expires: string | null; today: string }) {
  const status = expires ? licenseStatus(expires, today) : null;
  return (
    <TextInput
      label="License Expires"
      value={expires ? formatUsDate(expires) : 'No expiry date'}
      readOnly
      variant="filled"
      description={status?.text}
      inputWrapperOrder={['label', 'input', 'description']}
      styles={
        status?.expired
          ? { description: { color: 'var(--mantine-color-red-9)', fontWeight: 700 } }
          : undefined
      }
      data-testid="license-expires"
    />
  );
}
