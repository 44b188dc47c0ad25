import { Box } from '@mantine/core';
import { useFooter } from '../../../features/settings/api/get-footer';
import { SafeHtml } from '../../safe-html';

/** Spec section 2: the italic footer block under customer screens (HTML from the settings). */
export function FooterNote() {
  const { data } = useFooter();
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
