import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import type { CustomerProduct } from '../../../../domain/customer.schema';
import { productTypeName } from '../../../../domain/enums';

/** Spec section 9: the customer's products scroll in a 600 px high area. */
export const CUSTOMER_PRODUCTS_HEIGHT = 600;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Spec section 9: customer products by description, ascending (the server's order, kept here too). */
export function sortByDescription<T extends Pick<CustomerProduct, 'Description' | 'Code'>>(
  products: readonly T[],
) {
  return products.toSorted(
    (a, b) => collator.compare(a.Description, b.Description) || collator.compare(a.Code, b.Code),
  );
}

/**
 * The Products tab: a list headed 'Code / Description' and 'Type'; each product shows its code,
 * description and type name.
 */
export function CustomerProductsList({ products }: { products: readonly CustomerProduct[] }) {
  const sorted = sortByDescription(products);
  return (
    <Box
      maw={840}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Group
        justify="space-between"
        px="md"
        py="xs"
        bg="gray.1"
        wrap="nowrap"
        fw={700}
        fz="sm"
        aria-hidden="true"
      >
        <span>Code / Description</span>
        <span>Type</span>
      </Group>
      <ScrollArea
        h={CUSTOMER_PRODUCTS_HEIGHT}
        type="auto"
        viewportProps={{ tabIndex: 0, 'aria-label': 'Products' }}
      >
        {sorted.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No data
          </Text>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Products">
            {sorted.map((p) => (
              <Group
                component="li"
                key={p.ProductLinkId}
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                px="md"
                py={8}
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Box style={{ minWidth: 0 }}>
                  <Text fw={600} fz="sm">
                    {p.Code}
                  </Text>
                  <Text fz="sm">{p.Description}</Text>
                </Box>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {productTypeName(p.Type)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Box>
  );
}
