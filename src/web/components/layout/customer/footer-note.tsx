import { Box } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useFooter } from '../../../features/settings/api/get-footer';
import { SafeHtml } from '../../safe-html';

/** Spec section 2: the italic footer block under customer screens (HTML from the settings). */
export function FooterNote() {
  // The answer is drawn in a background render: React Query's answer renders at once, in one
  // task, and cleaning the footer's HTML the first time is a long task on a slow phone (issue 22).
  const data = useDeferredValue(useFooter().data);
  if (!data?.Footer) return null;
  return (
    <Box
      component="footer"
      className="no-print"
      mt="xl"
      pt="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <SafeHtml html={data.Footer} fs="italic" c="gray.8" fz="sm" />
    </Box>
  );
}
