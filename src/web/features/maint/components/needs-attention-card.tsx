import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import type { Dashboard } from '../../../../domain/dashboard.schema';
import { IconCircleCheck, IconWarning } from '../../../components/icons';
import { paths } from '../../../paths';
import { DashboardCard, plural } from './dashboard-card';

/**
 * What staff should act on, each count a link to the screen that fixes it: Regenerate Orders
 * resends confirmation mails and writes export files again. (That screen has no filter for
 * either yet: its Mail and Exported columns show which orders they are.)
 */
export function NeedsAttentionCard({ counts }: { counts: Dashboard['NeedsAttention'] }) {
  const items = [
    {
      n: counts.MailFailed,
      text: `${plural(counts.MailFailed, 'confirmation mail')} failed`,
      action: 'Resend',
    },
    {
      n: counts.NotExported,
      text: `${plural(counts.NotExported, 'web order')} not exported`,
      action: 'Regenerate',
    },
  ];
  return (
    <DashboardCard title="Needs attention">
      {counts.MailFailed + counts.NotExported === 0 ? (
        <Group gap="xs">
          <ThemeIcon variant="light" color="green" radius="xl">
            <IconCircleCheck size={18} />
          </ThemeIcon>
          <Text>Every confirmation mailed and every order exported.</Text>
        </Group>
      ) : (
        <Stack gap={4}>
          {items
            .filter((i) => i.n > 0)
            .map((i) => (
              <Anchor
                key={i.action}
                component={Link}
                to={paths.regenerateOrders}
                mih={44}
                display="flex"
                style={{ alignItems: 'center', gap: 8 }}
              >
                <IconWarning size={18} aria-hidden />
                <span>
                  {i.text}: {i.action} in Regenerate Orders
                </span>
              </Anchor>
            ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
