import { Text } from '@mantine/core';
import { z } from 'zod';
import { customerTypeName } from '../../../../domain/customer-type.schema';
import type { Message } from '../../../../domain/message.schema';
import {
  DataTable,
  type DataTableColumn,
  formatDate,
  useTableSearchParams,
  yesNo,
} from '../../../components/data-table';
import { showConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { IconEdit, IconX } from '../../../components/icons';
import { htmlToText } from '../../../components/safe-html';
import { paths } from '../../../paths';
import { useDeleteMessage } from '../api/delete-message';
import { useMessages } from '../api/get-messages';

const columns: DataTableColumn<Message>[] = [
  { key: 'Id', header: 'Id', sortBy: true, nowrap: true, width: 64 },
  {
    key: 'StartDate',
    header: 'Start Date',
    sortBy: true,
    nowrap: true,
    render: (m) => formatDate(m.StartDate),
  },
  { key: 'EndDate', header: 'End Date', sortBy: true, nowrap: true, render: (m) => formatDate(m.EndDate) },
  {
    key: 'CustomerType',
    header: 'Customer Type',
    sortBy: (m) => m.CustomerTypeId,
    render: (m) => customerTypeName(m.CustomerTypeId, m.CustomerTypeName),
  },
  {
    key: 'Message',
    header: 'Message',
    render: (m) => (
      <Text fz="sm" lineClamp={2} maw={420} title={htmlToText(m.Message)}>
        {htmlToText(m.Message)}
      </Text>
    ),
  },
  { key: 'IsActive', header: 'Active', sortBy: true, nowrap: true, render: (m) => yesNo(m.IsActive) },
];

const SearchSchema = z.object({});
const defaults = { filters: {}, sort: { key: 'Id', dir: 'asc' as const } };

/** The order messages, by Id (spec section 9), with edit and delete. */
export function MessagesTable() {
  const messages = useMessages();
  const remove = useDeleteMessage();
  const { tableState } = useTableSearchParams(SearchSchema, defaults);

  const confirmDelete = async (m: Message) => {
    const yes = await showConfirmDialog({
      title: 'Delete Message',
      message: `Delete message ${m.Id} (${formatDate(m.StartDate)} - ${formatDate(m.EndDate)})? Customers will no longer see it.`,
    });
    if (yes) remove.mutate(m.Id);
  };

  return (
    <DataTable
      label="Messages"
      columns={columns}
      rows={messages.data ?? (messages.isError ? [] : undefined)}
      rowKey={(m) => m.Id}
      minWidth={760}
      {...tableState}
      actions={(m) => [
        { label: `Edit message ${m.Id}`, icon: <IconEdit size={18} />, to: paths.orderMessageEdit(m.Id) },
        { label: `Delete message ${m.Id}`, icon: <IconX size={18} />, onClick: () => void confirmDelete(m) },
      ]}
    />
  );
}
