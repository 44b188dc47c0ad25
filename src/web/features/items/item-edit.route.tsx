import { Center, Loader, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useParams } from 'react-router';
import { productTypeName } from '../../../domain/enums';
import { ReadOnlySwitch } from '../../components/read-only-switch';
import { useProduct } from './api/get-product';

/** /maint/item/edit/{id}, 'Item - View': items are maintained by the items import, so all read-only. */
export function Component() {
  const id = Number(useParams().id);
  const product = useProduct(id);

  if (!Number.isInteger(id) || id <= 0 || product.isError) {
    return <Text>This item could not be found.</Text>;
  }
  const p = product.data;
  if (!p) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading item" />
      </Center>
    );
  }
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'lg' }} radius="md" maw={840}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Code" value={p.Code} readOnly variant="filled" />
          <TextInput label="Type" value={productTypeName(p.Type)} readOnly variant="filled" />
        </SimpleGrid>
        <TextInput label="Description" value={p.Description} readOnly variant="filled" />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput label="Units/Case" value={String(p.Units)} readOnly variant="filled" />
          <TextInput label="Unit UOM" value={p.UnitUom} readOnly variant="filled" />
          <TextInput label="Case UOM" value={p.CaseUom} readOnly variant="filled" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <ReadOnlySwitch label="Case Only" checked={p.IsCaseOnly} />
          <ReadOnlySwitch label="Active" checked={p.IsActive} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
