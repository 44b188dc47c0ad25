import { Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDashboard } from '../api/get-dashboard';
import { BackupsCard } from './backups-card';
import { DeliveriesCard } from './deliveries-card';
import { LastImportsCard } from './last-imports-card';
import { LicensesCard } from './licenses-card';
import { NeedsAttentionCard } from './needs-attention-card';
import { NotYetOrderedCard } from './not-yet-ordered-card';
import { OutOfStockCard } from './out-of-stock-card';
import { StandingOrdersCard } from './standing-orders-card';
import { WebOrdersCard } from './web-orders-card';

/**
 * The day on the staff home (design.md 7.8): one GET Dashboard feeds every card. On a phone the
 * cards stack, what to act on first; on a desk they sit in two columns.
 */
export function Dashboard() {
  const { data, isPending, isError } = useDashboard();
  if (isPending) return <Loader size="sm" aria-label="Please wait..." />;
  if (isError) return <Text c="red">The day's figures could not be loaded.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="md">
        <NeedsAttentionCard counts={data.NeedsAttention} />
        <OutOfStockCard out={data.OutOfStockToday} />
        <StandingOrdersCard standing={data.StandingOrders} />
        <WebOrdersCard today={data.Today} count={data.WebOrdersToday} average={data.SameWeekdayAverage} />
        <DeliveriesCard days={data.OrdersByDeliveryDate} />
      </Stack>
      <Stack gap="md">
        <NotYetOrderedCard customers={data.NotYetOrdered} total={data.NotYetOrderedTotal} />
        <LicensesCard
          licenses={data.LicensesExpiring}
          total={data.LicensesExpiringTotal}
          today={data.Today}
        />
        <LastImportsCard imports={data.LastImports} />
        <BackupsCard backups={data.Backups} />
      </Stack>
    </SimpleGrid>
  );
}
