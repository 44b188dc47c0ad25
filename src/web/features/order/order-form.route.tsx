import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { customerTypeDefaults } from '../../../domain/customer-type.schema';
import type { CustomerTypeRules } from '../../../domain/order.schema';
import { useSignedInCustomer } from '../auth/api/get-session';
import { useCustomerTypes } from '../customer-types/api/get-customer-types';
import { useUpcomingHolidays } from '../holidays/api/get-holidays';
import { useCopiedOrder } from './api/copy-order';
import { useOrders } from './api/get-orders';
import { useOwnCustomer } from './api/get-own-customer';
import { DraftOffer } from './components/draft-offer';
import { OrderForm } from './components/order-form';
import { SaveStatus } from './components/save-status';
import { todayInBusiness } from './order-time';
import type { AutosaveStatus } from './use-draft-autosave';
import { type DraftRouteState, useDraftChoice } from './use-draft-choice';

/** `?copy=12` (Re-Order) or, as a link to `/order/form/12` would mean, order 12; 0 is a new order. */
export function copySource(id: string | undefined, copy: string | null): number | null {
  const raw = copy ?? (id && id !== '0' ? id : null);
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : null;
}

/** /order/form/{id}: a new order (id 0), or a Re-Order of a past one with its date cleared. */
export function Component() {
  const signedIn = useSignedInCustomer();
  const { id } = useParams();
  const [search] = useSearchParams();
  const copyId = copySource(id, search.get('copy'));
  const routeState = useLocation().state as DraftRouteState | null;
  // A new order offers the customer's unsent one first (design.md 7.3); a Re-Order does not.
  const draft = useDraftChoice(signedIn.Id, copyId === null, routeState?.draft === 'continue');
  const [saveStatus, setSaveStatus] = useState<AutosaveStatus>('idle');

  const types = useCustomerTypes();
  const customer = useOwnCustomer(signedIn.Id);
  const copy = useCopiedOrder(copyId, signedIn.Id);
  // For the last order's contact and a note when an order for the chosen date exists; the form
  // does without them if they cannot be loaded.
  const orders = useOrders(signedIn.CompanyId);
  // The picker disables holidays (design.md 7.2); without them the form still works and the
  // server still refuses a holiday, so a failed load does not stop the order.
  const holidays = useUpcomingHolidays(todayInBusiness());
  const queries = copyId === null ? [types, customer] : [types, customer, copy];
  const failed = queries.find((q) => q.isError);

  let body: ReactNode;
  if (failed) {
    body = (
      <Alert color="red" title="The order form could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{failed.error?.message}</Text>
          <Button variant="default" onClick={() => queries.forEach((q) => void q.refetch())}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (
    !types.data ||
    !customer.data ||
    (copyId !== null && !copy.data) ||
    orders.isPending ||
    holidays.isPending ||
    draft.pending
  ) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the order form" />
      </Group>
    );
  } else if (draft.offer) {
    body = (
      <DraftOffer
        draft={draft.offer.Order}
        onContinue={draft.onContinue}
        onDiscard={draft.onDiscard}
        discarding={draft.discarding}
      />
    );
  } else {
    const typeId = customer.data.CustomerTypeId;
    const type = types.data.find((t) => t.Id === typeId);
    const customerType: CustomerTypeRules = type ?? { Id: typeId, ...customerTypeDefaults };
    body = (
      <>
        {copy.data && (
          <Text c="dimmed" fz="sm" data-testid="copied-from">
            Copied from order {copy.data.OrderNum}. Choose a delivery date, then check the quantities.
          </Text>
        )}
        <OrderForm
          key={copyId ?? draft.formKey}
          customerType={customerType}
          products={customer.data.Products}
          copy={copy.data ?? null}
          orders={orders.data?.Orders ?? []}
          holidays={holidays.data}
          restored={draft.restored}
          onSaveStatus={setSaveStatus}
        />
      </>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Title order={1}>New Order</Title>
        <SaveStatus status={saveStatus} />
      </Group>
      {body}
    </Stack>
  );
}
