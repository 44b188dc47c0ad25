import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { StandingDate, StandingOrder } from '../../../../domain/standing-orders';
import { weekdaysText } from '../../../../domain/standing-orders';
import { showApiErrorDialog } from '../../../components/dialogs/error-dialog';
import { IconEdit, IconX } from '../../../components/icons';
import { formatDate, formatTimeOfDay, formatWeekdayDate } from '../../order/date-format';
import { useSkipDate } from '../api/standing-orders';

export interface StandingOrderCardProps {
  standing: StandingOrder;
  /** Where a placed date's order opens: the customer's detail, or staff's. */
  orderLink: (orderId: number) => string;
  /** Where Edit goes; none: no Edit (staff's view, a Counter's). */
  editLink?: string;
  /** Skip and take back: the roles that may order, and staff. */
  maySkip: boolean;
  onDelete?: () => void;
}

/** 'Order by Wed 11/25/2026 4:00 PM': the date part of OrderBy is the business day's. */
const orderByText = (orderBy: string) =>
  `Order by ${formatWeekdayDate(orderBy.slice(0, 10))} ${formatTimeOfDay(orderBy)}`;

function DateRow({ standing, date, orderLink, maySkip }: { date: StandingDate } & StandingOrderCardProps) {
  const skip = useSkipDate(standing.CustomerId);
  const label = formatWeekdayDate(date.Date);
  const toggle = (Skipped: boolean) =>
    skip.mutate(
      { id: standing.Id, Date: date.Date, Skipped },
      { onError: (err) => void showApiErrorDialog(err, 'Not changed') },
    );
  let status: React.ReactNode;
  if (date.OrderId !== null) {
    status = (
      <Group gap={6}>
        <Badge color="green" variant="light">
          Placed
        </Badge>
        <Anchor component={Link} to={orderLink(date.OrderId)} size="sm">
          Open the order
        </Anchor>
      </Group>
    );
  } else if (date.Holiday !== null) {
    status = <Text size="sm">No delivery: {date.Holiday}</Text>;
  } else if (date.NotPlaced !== null) {
    status = (
      <Text size="sm" c="red.8">
        Not placed: {date.NotPlaced}
      </Text>
    );
  } else if (date.Skipped) {
    status = (
      <Badge color="gray" variant="light">
        Skipped
      </Badge>
    );
  } else {
    status = (
      <Text size="sm" c="dimmed">
        {orderByText(date.OrderBy)}
      </Text>
    );
  }
  // Only a date still to be placed is skipped, or its skip taken back.
  const open = date.OrderId === null && date.Holiday === null && date.NotPlaced === null;
  const word = date.Skipped ? 'Unskip' : 'Skip';
  const action = maySkip && open && (
    <Button
      size="compact-md"
      mih={44}
      miw={44}
      variant="default"
      loading={skip.isPending}
      onClick={() => toggle(!date.Skipped)}
      aria-label={`${word} ${label}`}
    >
      {word}
    </Button>
  );
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" py={6} data-testid="standing-date">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        {status}
      </Stack>
      {action}
    </Group>
  );
}

/** One standing order: its days, lines and contact, and its next 4 dates, each skippable. */
export function StandingOrderCard(props: StandingOrderCardProps) {
  const { standing, editLink, onDelete } = props;
  const cases = standing.Lines.reduce((sum, l) => sum + l.CaseQuantity, 0);
  const headingId = `standing-${standing.Id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'md' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId}>
              {`Every ${weekdaysText(standing.Weekdays)}`}
            </Title>
            <Text size="sm" c="dimmed">
              {standing.Lines.length} {standing.Lines.length === 1 ? 'product' : 'products'}, {cases}{' '}
              {cases === 1 ? 'case' : 'cases'} · from {formatDate(standing.StartDate)}
              {standing.EndDate ? ` to ${formatDate(standing.EndDate)}` : ''}
            </Text>
          </Stack>
          {(editLink || onDelete) && (
            <Group gap={4} wrap="nowrap">
              {editLink && (
                <Button
                  component={Link}
                  to={editLink}
                  size="compact-md"
                  mih={44}
                  miw={44}
                  variant="light"
                  leftSection={<IconEdit size={16} />}
                >
                  Edit
                </Button>
              )}
              {onDelete && (
                <Button
                  size="compact-md"
                  mih={44}
                  miw={44}
                  variant="subtle"
                  color="red"
                  onClick={onDelete}
                  aria-label="Delete this standing order"
                >
                  <IconX size={16} />
                </Button>
              )}
            </Group>
          )}
        </Group>
        <Text size="sm">
          {standing.Lines.map(
            (l) =>
              `${l.CaseQuantity ? `${l.CaseQuantity} cs ` : ''}${l.UnitQuantity ? `${l.UnitQuantity} units ` : ''}${l.Description || l.Code}`,
          ).join(' · ')}
        </Text>
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Next dates">
          {standing.NextDates.map((date) => (
            <DateRow key={date.Date} date={date} {...props} />
          ))}
          {standing.NextDates.length === 0 && (
            <Text component="li" size="sm" c="dimmed">
              No dates ahead: it has ended.
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
