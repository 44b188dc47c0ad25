import { Text, Title } from '@mantine/core';
import { formatCompanyId } from '../../../../domain/company-id';
import { OrderStatus, orderStatusName } from '../../../../domain/enums';
import type { OrderDetail } from '../../../../domain/order-view.schema';
import { paymentTermsText } from '../../../../domain/payment-terms';
import { formatPhone } from '../../../../domain/phone';
import { formatDate, formatDateTime } from '../order-time';
import { placedByLabel } from '../placed-by-label';
import { DeliveredView } from './delivered-view';
import { OrderEstimate } from './order-estimate';
import { type HeaderField, OrderHeaderView } from './order-header-view';
import { OrderLinesView } from './order-lines-view';

/**
 * One order, read-only: its header and products, for the customer's detail and staff's alike.
 * It says who placed it (design.md 8.2): "Shared sign-in", or for an order staff entered "Entered
 * by admin" (7.5); nothing for the ERP's history. Staff also see whose it is.
 * Once the ERP's file lists it, its products are listed once, what was delivered beside what was
 * ordered (7.12); until then, as ordered, each line with its price when the order has an estimate
 * (8.4, decision 075), and the estimate and the customer's payment terms under them.
 */
export function OrderDetailView({
  order,
  isPhone,
  showCustomer = false,
}: {
  order: OrderDetail;
  isPhone: boolean;
  showCustomer?: boolean;
}) {
  const fields: HeaderField[] = [
    ...(showCustomer
      ? [{ label: 'Customer', value: `${formatCompanyId(order.CompanyId)} ${order.CompanyName}` }]
      : []),
    { label: 'Web Conf #', value: order.OrderNum, testId: 'detail-order-num' },
    { label: 'Order Date', value: formatDateTime(order.CreateDate) },
    { label: 'Delivery Date', value: formatDate(order.DeliveryDate) },
    { label: 'Status', value: orderStatusName(order.Status), testId: 'detail-status' },
    { label: 'Name', value: order.Name },
    { label: 'Phone', value: formatPhone(order.Phone) },
    { label: 'Email', value: order.Email },
  ];
  if (order.ReferencePO) fields.push({ label: 'Reference PO', value: order.ReferencePO });
  const placedBy = placedByLabel(order);
  if (placedBy) fields.push({ label: 'Placed By', value: placedBy, testId: 'detail-placed-by' });
  return (
    <>
      <OrderHeaderView fields={fields} />
      {order.Delivered ? (
        <DeliveredView order={order} isPhone={isPhone} />
      ) : order.Confirmed ? (
        <DeliveredView order={order} isPhone={isPhone} mode="confirmed" />
      ) : (
        <>
          <Title order={2} size="h4">
            Products
          </Title>
          <OrderLinesView
            lines={order.Products}
            isPhone={isPhone}
            withPrices={order.EstimatedTotal !== null}
          />
        </>
      )}
      {/* The estimate at the posted prices (design.md 8.4); a cancelled order or a return has none. */}
      {order.Status !== OrderStatus.Cancelled && !order.IsReturn && (
        <>
          <OrderEstimate
            total={order.EstimatedTotal}
            deposits={order.EstimatedDeposits}
            unpriced={order.UnpricedLines}
          />
          {/* The customer's terms, as the review and the mail give them. */}
          {order.PaymentTerms && (
            <Text fz="sm" data-testid="detail-payment">
              Payment: {paymentTermsText(order.PaymentTerms)}
            </Text>
          )}
        </>
      )}
    </>
  );
}
