import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatCompanyId } from '../../../domain/company-id';
import { orderStatusName } from '../../../domain/enums';
import type { WebOrderListItem } from '../../../domain/regenerate.schema';
import {
  DataTable,
  type DataTableColumn,
  FilterNote,
  formatDate,
  formatDateTime,
  useFilterDraft,
  useTableSearchParams,
} from '../../components/data-table';
import { IconMessage, IconRefresh } from '../../components/icons';
import { useFilterDrawer } from '../../components/layout/filter-drawer';
import { ApiError } from '../../lib/api-client';
import { useWebOrders } from './api/get-web-orders';
import { useRegenerateOrders } from './api/regenerate-orders';
import { useResendOrderMails } from './api/resend-order-mails';
import { confirmRegenerate, showRegenerateToast } from './components/confirm-regenerate';
import { confirmResend, showResendToast } from './components/confirm-resend';
import { RegenerateFilters } from './components/regenerate-filters';
import {
  RegenerateSearchSchema,
  regenerateFilterDelay,
  regenerateTableDefaults,
  toWebOrderQuery,
} from './regenerate-filter';

const time = (iso: string | null) => (iso ? Date.parse(iso) : null);

/** Spec section 2's columns of the regenerate list. */
const columns: DataTableColumn<WebOrderListItem>[] = [
  { key: 'OrderNum', header: 'Web Conf #', sortBy: true, nowrap: true },
  { key: 'CompanyId', header: 'Company Id', sortBy: true, render: (o) => formatCompanyId(o.CompanyId) },
  { key: 'CustomerName', header: 'Customer Name', sortBy: true },
  // Reference customers (types 6 and 7) know their orders by it; the filter finds it too (issue 14).
  { key: 'ReferencePO', header: 'Reference PO', sortBy: true, nowrap: true },
  {
    key: 'CreateDate',
    header: 'Order Date',
    sortBy: (o) => time(o.CreateDate),
    render: (o) => formatDateTime(o.CreateDate),
    nowrap: true,
  },
  {
    key: 'DeliveryDate',
    header: 'Delivery Date',
    sortBy: true,
    render: (o) => formatDate(o.DeliveryDate),
    nowrap: true,
  },
  {
    // A cancelled order has no file to write again: staff see why Generate refuses it (issue 33).
    key: 'Status',
    header: 'Status',
    sortBy: (o) => orderStatusName(o.Status),
    render: (o) => orderStatusName(o.Status),
    nowrap: true,
  },
  {
    // Who placed it (design.md 8.2): the staff user who took it by phone (7.5), or the
    // customer's shared sign-in.
    key: 'PlacedBy',
    header: 'Placed By',
    sortBy: (o) => o.PlacedBy ?? '',
    render: (o) => o.PlacedBy ?? '',
    nowrap: true,
  },
  {
    key: 'ExportedAt',
    header: 'Exported',
    sortBy: (o) => time(o.ExportedAt),
    render: (o) => (o.ExportedAt ? formatDateTime(o.ExportedAt) : 'No'),
    nowrap: true,
  },
  {
    // Added to the spec's columns: which confirmation mails are still owed (decision 016).
    key: 'MailedAt',
    header: 'Mail',
    sortBy: (o) => time(o.MailedAt),
    render: (o) =>
      o.MailedAt ? (
        <span title={formatDateTime(o.MailedAt)}>Mailed</span>
      ) : (
        // Bold rather than colored: it must keep its contrast under the dialogs' overlay too.
        <Text span fz="inherit" fw={700}>
          Not mailed
        </Text>
      ),
    nowrap: true,
  },
];

/**
 * /maint/regenerateorders: web orders (filtered by the server), several chosen, and their export
 * files written again after a confirmation (design.md 5.5).
 */
export function Component() {
  const { filters, setFilters, isFiltered, tableState } = useTableSearchParams(
    RegenerateSearchSchema,
    regenerateTableDefaults,
  );
  const { isNarrow } = useFilterDrawer();
  const draft = useFilterDraft({
    applied: filters,
    apply: setFilters,
    empty: regenerateTableDefaults.filters,
    isNarrow,
    delay: regenerateFilterDelay,
  });
  const query = useMemo(() => toWebOrderQuery(filters), [filters]);
  const orders = useWebOrders(query);
  const regenerate = useRegenerateOrders();
  const resend = useResendOrderMails();

  // Only rows the list still shows count as chosen (a new filter drops the others).
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const chosen = useMemo(() => (orders.data ?? []).filter((o) => picked.has(o.Id)), [orders.data, picked]);
  const selected = useMemo(() => new Set(chosen.map((o) => o.Id)), [chosen]);

  const generate = async () => {
    if (chosen.length === 0 || !(await confirmRegenerate(chosen))) return;
    const ids = chosen.map((o) => o.Id);
    // Spec section 4: on OK the selection is posted, the selection is cleared and a message is shown.
    setPicked(new Set());
    regenerate.mutate(ids, {
      onSuccess: () => showRegenerateToast(true),
      // A refusal the server words (a cancelled order chosen) is shown as it says it.
      onError: (err) =>
        showRegenerateToast(
          false,
          err instanceof ApiError && err.Status === 422 ? err.ErrorMessage : undefined,
        ),
    });
  };

  const resendMails = async () => {
    if (chosen.length === 0 || !(await confirmResend(chosen))) return;
    const ids = chosen.map((o) => o.Id);
    setPicked(new Set());
    resend.mutate(ids, {
      onSuccess: (answer) =>
        showResendToast({
          sent: answer.Sent,
          failedOrderNums: answer.Results.filter((r) => !r.Sent).map((r) => r.OrderNum),
        }),
      onError: () => showResendToast('error'),
    });
  };

  return (
    <Stack gap="md">
      <RegenerateFilters draft={draft.draft} set={draft.set} onUpdate={draft.update} onReset={draft.reset} />
      <FilterNote shown={isNarrow && isFiltered} onClear={draft.reset} />
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {/* Beside the list, not in the filter panel: one tap, on a phone too (no drawer to open). */}
          <Chip
            checked={filters.NotExported}
            onChange={(NotExported) => setFilters({ ...filters, NotExported })}
            data-testid="not-exported-filter"
          >
            Not exported only
          </Chip>
          <Text fz="sm" c="dimmed" aria-live="polite">
            {selected.size === 0 ? 'Select the orders to regenerate' : `${selected.size} selected`}
          </Text>
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconMessage size={18} />}
            disabled={selected.size === 0}
            loading={resend.isPending}
            onClick={() => void resendMails()}
          >
            Resend Confirmation
          </Button>
          <Button
            leftSection={<IconRefresh size={18} />}
            disabled={selected.size === 0}
            loading={regenerate.isPending}
            onClick={() => void generate()}
          >
            Generate
          </Button>
        </Group>
      </Group>
      <DataTable
        label="Web orders"
        columns={columns}
        rows={orders.isError ? [] : orders.data}
        rowKey={(o) => o.Id}
        filtered={isFiltered}
        loading={orders.isFetching}
        minWidth={960}
        {...tableState}
        selection={{ selected, onChange: setPicked }}
        rowLabel={(o) => `order ${o.OrderNum}`}
      />
    </Stack>
  );
}
