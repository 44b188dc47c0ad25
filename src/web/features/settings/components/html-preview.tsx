import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SafeHtml, type SafeHtmlProps } from '../../../components/safe-html';
import classes from './html-preview.module.css';

export interface HtmlPreviewProps extends Omit<SafeHtmlProps, 'html'> {
  html: string;
  /** Shown when there is nothing to preview. */
  empty: ReactNode;
}

/** 'Preview': admin-written HTML as customers will see it (sanitized like every SafeHtml). */
export function HtmlPreview({ html, empty, ...rest }: HtmlPreviewProps) {
  return (
    <Box>
      <Text fz="sm" fw={500} mb={4}>
        Preview
      </Text>
      <Box p="sm" bg="gray.0" bdrs="sm" style={{ border: '1px solid var(--mantine-color-gray-3)' }}>
        {html.trim() ? (
          <SafeHtml html={html} className={classes.preview} style={{ overflowWrap: 'anywhere' }} {...rest} />
        ) : (
          <Text fz="sm" c="dimmed">
            {empty}
          </Text>
        )}
      </Box>
    </Box>
  );
}
