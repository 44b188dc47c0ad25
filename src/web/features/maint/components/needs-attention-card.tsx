import { Anchor, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { Dashboard } from '../../../../domain/dashboard.schema';
import { IconCircleCheck, IconWarning } from '../../../components/icons';
import { paths } from '../../../paths';
import { DashboardCard, plural } from './dashboard-card';

/**
 * What staff should act on, each count a link to the screen that fixes it: Regenerate Orders
 * resends confirmation mails and writes export files again. The export row opens it filtered to
 * the orders never exported (the same rule as the count: `exported_at` null); the mail row opens
 * it whole (no filter for mails yet: its Mail column shows which orders they are). Both rows stay
 * at 0, with a check, so the way to the screen is always in the same place. The lines the ERP
 * delivered short (design.md 7.12) and the invoice check's flags (8.4) are said first, without a
 * link: each order's detail and each customer's invoices show them.
 */
export function NeedsAttentionCard({ counts }: { counts: Dashboard['NeedsAttention'] }) {
  const items = [
    {
      key: 'mail',
      to: paths.regenerateOrders,
      n: counts.MailFailed,
      text: `${plural(counts.MailFailed, 'failed confirmation mail')}: resend`,
    },
    {
      key: 'export',
      to: `${paths.regenerateOrders}?NotExported=true`,
      n: counts.NotExported,
      text: `${plural(counts.NotExported, 'web order')} not exported: regenerate`,
    },
  ];
  return (
    <DashboardCard title="Needs attention">
      <Stack gap={4}>
        <Group
          gap={8}
          mih={44}
          wrap="nowrap"
          fw={counts.ShortLines > 0 ? 700 : undefined}
          data-testid="short-lines"
        >
          {counts.ShortLines > 0 ? (
            <IconWarning size={18} aria-hidden />
          ) : (
            <IconCircleCheck size={18} aria-hidden />
          )}
          <span>{`${plural(counts.ShortLines, 'line')} delivered short in the last 7 days`}</span>
        </Group>
        <Group
          gap={8}
          mih={44}
          wrap="nowrap"
          fw={counts.InvoiceFlags > 0 ? 700 : undefined}
          data-testid="invoice-flags"
        >
          {counts.InvoiceFlags > 0 ? (
            <IconWarning size={18} aria-hidden />
          ) : (
            <IconCircleCheck size={18} aria-hidden />
          )}
          <span>{`${plural(counts.InvoiceFlags, 'invoice flag')} in the last 7 days: short, extra, other prices, fees`}</span>
        </Group>
        {items.map((i) => (
          <Anchor
            key={i.key}
            component={Link}
            to={i.to}
            mih={44}
            display="flex"
            fw={i.n > 0 ? 700 : undefined}
            style={{ alignItems: 'center', gap: 8 }}
          >
            {i.n > 0 ? <IconWarning size={18} aria-hidden /> : <IconCircleCheck size={18} aria-hidden />}
            <span>{i.text}</span>
          </Anchor>
        ))}
      </Stack>
    </DashboardCard>
  );
}
