import { Box, Group, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { formatCompanyId } from '../../../../domain/company-id';
import type { SignInAttacks } from '../../../../domain/sign-in-attacks.schema';
import { formatTimeOfDay } from '../../order/date-format';
import { useSignInAttacks } from '../api/get-sign-in-attacks';

/**
 * Staff see attacks on the sign-in (issue 15): failed and blocked sign-ins per hour over the
 * last 24 hours, and the customer numbers and user names most tried. Blocked attempts were
 * refused by the limits without their credentials being checked (decision 021).
 */
export function SignInAttacksCard() {
  const { data, isPending, isError } = useSignInAttacks();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Sign-in attacks, last 24 hours
        </Title>
        {isPending ? (
          <Loader size="sm" aria-label="Loading sign-in attacks" />
        ) : isError ? (
          <Text c="red">The sign-in figures could not be loaded.</Text>
        ) : (
          <Figures data={data} />
        )}
      </Stack>
    </Paper>
  );
}

function Figures({ data }: { data: SignInAttacks }) {
  const failed = data.Hours.reduce((n, h) => n + h.Failed, 0);
  const blocked = data.Hours.reduce((n, h) => n + h.Blocked, 0);
  if (failed + blocked === 0) return <Text>No failed sign-ins in the last 24 hours.</Text>;
  return (
    <>
      <Text>
        <Text span fw={700}>
          {failed} failed
        </Text>
        {', '}
        <Text span fw={700}>
          {blocked} blocked
        </Text>{' '}
        on {data.AccountsWithFailures} {data.AccountsWithFailures === 1 ? 'account' : 'accounts'}
      </Text>
      <HourBars hours={data.Hours} />
      {data.Accounts.length > 0 && (
        <Table aria-label="Accounts most tried" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th ta="right">Failed sign-ins</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.Accounts.map((a) => (
              <Table.Tr key={`${a.Kind}:${a.Account}`}>
                <Table.Td>
                  {a.Kind === 'admin' ? `Staff user ${a.Account}` : `Customer ${formatCompanyId(a.Account)}`}
                </Table.Td>
                <Table.Td ta="right">{a.Failed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

const hourLabel = (iso: string) => formatTimeOfDay(iso, true);

/** One bar per hour, oldest on the left; its height is that hour's failed plus blocked attempts. */
function HourBars({ hours }: { hours: SignInAttacks['Hours'] }) {
  const most = Math.max(1, ...hours.map((h) => h.Failed + h.Blocked));
  return (
    <Group gap={2} align="flex-end" h={48} role="list" aria-label="Attempts per hour">
      {hours.map((h) => {
        const label = `${hourLabel(h.Hour)}: ${h.Failed} failed, ${h.Blocked} blocked`;
        return (
          <Tooltip key={h.Hour} label={label}>
            <Box
              role="listitem"
              aria-label={label}
              flex={1}
              h={`${Math.max(2, ((h.Failed + h.Blocked) / most) * 100)}%`}
              bg={h.Failed + h.Blocked > 0 ? 'red.5' : 'gray.3'}
            />
          </Tooltip>
        );
      })}
    </Group>
  );
}
