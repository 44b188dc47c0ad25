import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useFooter } from '../api/get-footer';
import { useSaveFooter } from '../api/save-footer';
import { HtmlPreview } from './html-preview';

/** The footer under every customer screen (system settings): HTML with a live preview. */
export function FooterEditor() {
  const footer = useFooter();
  const save = useSaveFooter();
  const [draft, setDraft] = useState<string | null>(null);
  const stored = footer.data?.Footer ?? '';
  const value = draft ?? stored;

  const submit = () =>
    save.mutate(value, {
      onSuccess: () => {
        // The server's sanitized copy is what the editor shows from now on.
        setDraft(null);
        notifications.show({
          color: 'green',
          message: 'Footer saved',
          position: 'top-center',
          autoClose: 4000,
        });
      },
    });

  return (
    <Paper
      component="section"
      aria-labelledby="footer-editor-title"
      withBorder
      p={{ base: 'sm', xs: 'md' }}
      radius="md"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="footer-editor-title">
          Footer
        </Title>
        <Textarea
          label="Footer text (text or HTML)"
          description="Shown in italics at the bottom of every customer screen."
          autosize
          minRows={3}
          maxRows={10}
          value={value}
          disabled={footer.isPending}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <HtmlPreview
          html={value}
          empty="No footer: customer screens show none."
          fs="italic"
          c="gray.8"
          fz="sm"
        />
        {footer.isError && <Text c="red.9">The footer could not be loaded.</Text>}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} disabled={footer.isPending || draft === null}>
            Save footer
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
