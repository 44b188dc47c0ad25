import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type DraftConflict, draftConflictMessages } from '../../../../domain/order-draft.schema';
import { paths } from '../../../paths';
import { MERGED_TITLE } from '../../offline/draft-merge';

/**
 * What happened to the draft elsewhere (decision 061): `gone` when the draft was changed and
 * then, by the time it was asked for again, sent or discarded.
 */
export type DraftElsewhere = DraftConflict | 'gone';

export const DRAFT_RELOADED = `${draftConflictMessages.changed} It has been reloaded.`;
export const DRAFT_GONE = 'This draft was sent or discarded in another tab or on another device.';

// Mantine's yellow title is 2.4:1 on its light background.
const blackTitle = { title: { color: 'var(--mantine-color-black)' } };

/** Above the reloaded form: the draft on this screen is now the one saved elsewhere. */
export function DraftReloadedNote() {
  return (
    <Alert color="yellow" title={DRAFT_RELOADED} data-testid="draft-elsewhere" styles={blackTitle}>
      <Text fz="sm">Check the order before you send it.</Text>
    </Alert>
  );
}

/** The network came back to a draft changed here and elsewhere: the newer one was kept (issue 39). */
export function DraftMergedNote({ text }: { text: string }) {
  return (
    <Alert color="yellow" title={MERGED_TITLE} data-testid="draft-merged" styles={blackTitle}>
      <Text fz="sm">{text} Check the order before you send it.</Text>
    </Alert>
  );
}

/**
 * In place of the form once its draft was sent or discarded elsewhere: the form is not shown
 * again, so nothing on it can bring the draft back or send the order a second time.
 */
export function DraftEndedNote({ what, onStartOver }: { what: DraftElsewhere; onStartOver: () => void }) {
  const title = what === 'gone' ? DRAFT_GONE : draftConflictMessages[what];
  return (
    <Alert color="yellow" title={title} data-testid="draft-elsewhere" styles={blackTitle}>
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">
          {what === 'sent'
            ? 'It is in your orders. Nothing more will be sent or saved from this screen.'
            : 'Nothing more will be saved from this screen.'}
        </Text>
        <Group gap="sm">
          <Anchor component={Link} to={paths.orderHistory} fz="sm">
            View your orders
          </Anchor>
          <Button variant="default" onClick={onStartOver}>
            Start a New Order
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
