import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { IconPrinter } from '../../components/icons';
import { isApiError } from '../../lib/api-client';
import { NO_CONNECTION_MESSAGE } from '../../lib/messages';
import { paths } from '../../paths';
import { useWorksheet } from './api/get-worksheet';
import { WorksheetTable } from './components/worksheet-table';
import { formatDate } from './order-time';

/**
 * /worksheet/{id}/{name}: the printable worksheet, outside the customer frame (it opens in a
 * new tab and rides on the session cookie). Not signed in: a short note and the login link.
 */
export function Component() {
  const { id, name } = useParams();
  const customerId = Number(id);
  const { data, error, isPending, refetch } = useWorksheet(customerId);

  // Another account's worksheet answers 404, as a customer id that does not exist does (the
  // server lets no one probe ids); 403 is kept for an older server.
  const notTheirs = isApiError(error, 403) || isApiError(error, 404);
  let body: ReactNode;
  if (isApiError(error, 401) || notTheirs || !Number.isInteger(customerId) || customerId <= 0) {
    body = (
      <Paper withBorder p="lg" radius="md" data-testid="worksheet-signed-out">
        <Stack gap="sm" align="flex-start">
          <Text>
            {notTheirs
              ? 'There is no worksheet for this account here.'
              : 'Please sign in to see your order worksheet.'}
          </Text>
          <Anchor href={paths.customerLogin}>Go to the Customer Login</Anchor>
        </Stack>
      </Paper>
    );
  } else if (error) {
    body = (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <Text>{isApiError(error) ? error.ErrorMessage : NO_CONNECTION_MESSAGE}</Text>
          <Button variant="default" onClick={() => void refetch()}>
            Try Again
          </Button>
        </Stack>
      </Paper>
    );
  } else if (isPending || !data) {
    body = <Text c="dimmed">Loading the worksheet...</Text>;
  } else {
    body = <WorksheetTable worksheet={data} />;
  }

  return (
    <Container component="main" size="xl" py="md" px={{ base: 'xs', xs: 'md' }} className="ws-sheet">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {data?.CompanyName ?? name ?? 'Order Worksheet'}
            </Title>
            <Text fw={500} data-testid="worksheet-heading">
              Order Worksheet{data ? ` · ${formatDate(data.Today)}` : ''}
            </Text>
          </Stack>
          {data && (
            <Button
              className="ws-no-print"
              leftSection={<IconPrinter size={18} />}
              onClick={() => window.print()}
            >
              Print
            </Button>
          )}
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
