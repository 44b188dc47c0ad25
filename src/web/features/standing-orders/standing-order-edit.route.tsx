import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { dayOfWeek } from '../../../domain/business-date';
import type { OrderDetail } from '../../../domain/order-view.schema';
import type { StandingOrder } from '../../../domain/standing-orders';
import { showSavedToast } from '../../lib/saved-toast';
import { paths } from '../../paths';
import { useInitialNow } from '../../ssr/render-context';
import { useSignedInCustomer } from '../auth/api/get-session';
import { useOrder } from '../order/api/get-order';
import { todayInBusiness } from '../order/order-time';
import { useLastOrder, useSaveStandingOrder, useStandingOrders } from './api/standing-orders';
import { type StandingFormValues, StandingOrderForm } from './components/standing-order-form';

const typed = (n: number) => (n ? String(n) : '');

/** A new standing order from an order: its lines and contact, its delivery weekday, from today. */
function fromOrder(order: OrderDetail, typeId: number, today: string): StandingFormValues {
  const weekday = dayOfWeek(order.DeliveryDate);
  const allowed = weekday >= 1 && weekday <= 6 && !(weekday === 6 && typeId === 1);
  return {
    Weekdays: allowed ? [String(weekday)] : [],
    StartDate: today,
    EndDate: null,
    Lines: order.Products.filter((p) => p.CaseQuantity > 0 || p.UnitQuantity > 0).map((p) => ({
      Code: p.Code,
      Description: p.Description,
      Cases: typed(p.CaseQuantity),
      Units: typed(p.UnitQuantity),
    })),
    Name: order.Name,
    Phone: order.Phone,
    Email: order.Email,
    ReferencePO: order.ReferencePO,
  };
}

function fromStanding(s: StandingOrder): StandingFormValues {
  return {
    Weekdays: s.Weekdays.map(String),
    StartDate: s.StartDate,
    EndDate: s.EndDate,
    Lines: s.Lines.map((l) => ({
      Code: l.Code,
      Description: l.Description,
      Cases: typed(l.CaseQuantity),
      Units: typed(l.UnitQuantity),
    })),
    Name: s.Name,
    Phone: s.Phone,
    Email: s.Email,
    ReferencePO: s.ReferencePO,
  };
}

/**
 * /order/standing/new[?from={orderId}] and /order/standing/{id}: a standing order's form. A new
 * one starts from the order named, or the customer's last order.
 */
export function Component() {
  const customer = useSignedInCustomer();
  const navigate = useNavigate();
  const { id } = useParams();
  const [search] = useSearchParams();
  const isNew = id === 'new';
  const from = Number(search.get('from') ?? '0');
  const list = useStandingOrders(customer.Id);
  const named = useOrder(isNew && from > 0 ? from : 0);
  const last = useLastOrder(customer.Id, isNew && !(from > 0));
  const save = useSaveStandingOrder(customer.Id);
  // Today on the server's clock while the page drawn there hydrates (render-context.ts).
  const initialNow = useInitialNow();

  const source = isNew ? (from > 0 ? named : last) : null;
  const existing = isNew ? null : (list.data?.find((s) => s.Id === Number(id)) ?? null);
  let initial: StandingFormValues | null = null;
  if (source?.data)
    initial = fromOrder(source.data, customer.CustomerTypeId, todayInBusiness(new Date(initialNow)));
  else if (existing) initial = fromStanding(existing);
  const failed = isNew ? source?.isError : list.isError || (list.data && !existing);

  const back = () => navigate(paths.orderStanding);
  let body: React.ReactNode = (
    <Group justify="center" py="lg">
      <Loader aria-label="Loading" />
    </Group>
  );
  if (failed)
    body = isNew ? (
      <Alert color="blue" title="No order to start from">
        A standing order starts from one of your orders: place an order first, or open one in Orders History
        and choose Make it a standing order.
      </Alert>
    ) : (
      <Alert color="red" title="Standing order not found">
        This standing order could not be shown.
      </Alert>
    );
  else if (initial)
    body = (
      <StandingOrderForm
        initial={initial}
        customerTypeId={customer.CustomerTypeId}
        saving={save.isPending}
        onCancel={back}
        onSave={(values) =>
          save.mutateAsync({ id: isNew ? null : Number(id), body: values }).then(() => {
            showSavedToast('Standing order saved');
            back();
          })
        }
      />
    );

  return (
    <Stack gap="md">
      <Title order={1}>{isNew ? 'New Standing Order' : 'Standing Order'}</Title>
      <Text size="sm" c="dimmed">
        Placed for you before each cutoff on the days you pick. You can skip a date, and change or cancel a
        placed order until its cutoff.
      </Text>
      {body}
    </Stack>
  );
}
