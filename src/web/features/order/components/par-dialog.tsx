import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { OrderGuideProduct } from '../../../../domain/order-guide.schema';
import { PAR_MAX, parMessage } from '../../../../domain/order-guide.schema';
import { useSavePars } from '../api/save-pars';

export interface ParDialogProps {
  customerId: number;
  /** The product whose par is edited; null when closed. */
  product: OrderGuideProduct | null;
  onClose: () => void;
}

/** A whole number from 0 to PAR_MAX, or the contract's message. */
export function parInputError(value: string): string | null {
  if (!/^\s*\d+\s*$/.test(value) || Number(value) > PAR_MAX) return parMessage;
  return null;
}

/** Sets, changes or forgets a product's par (PUT Customer/{id}/Pars), kept for the next orders. */
export function ParDialog({ customerId, product, onClose }: ParDialogProps) {
  return (
    <Modal opened={product !== null} onClose={onClose} title="Par" centered>
      {product && <ParForm key={product.Code} customerId={customerId} product={product} onClose={onClose} />}
    </Modal>
  );
}

function ParForm({
  customerId,
  product,
  onClose,
}: {
  customerId: number;
  product: OrderGuideProduct;
  onClose: () => void;
}) {
  const start = product.Par ?? (product.SuggestedPar > 0 ? product.SuggestedPar : '');
  const [value, setValue] = useState(String(start));
  const [touched, setTouched] = useState(false);
  const save = useSavePars(customerId);
  const error = touched ? parInputError(value) : null;

  const send = (par: number | null) =>
    save.mutate([{ Code: product.Code, Par: par }], {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message:
            par === null
              ? `The par of ${product.Description} is forgotten.`
              : `Par of ${product.Description} saved: ${par} cases.`,
        });
        onClose();
      },
    });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // The order form around this dialog must not take the Enter as its own.
        e.stopPropagation();
        setTouched(true);
        if (parInputError(value) === null) send(Number(value));
      }}
    >
      <Stack gap="sm">
        <Text fz="sm">
          <strong>{product.Description}</strong> ({product.Code}): the cases you want on hand after a
          delivery. Order to par orders what is missing. Kept for your next orders.
        </Text>
        {product.SuggestedPar > 0 && (
          <Text fz="xs" c="dimmed">
            {`Suggested from the last 8 weeks: ${product.SuggestedPar} (about ${product.AverageWeeklyCases.toFixed(1)} cases a week).`}
          </Text>
        )}
        <TextInput
          label="Par (cases)"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          data-autofocus
          size="md"
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setTouched(true);
          }}
        />
        {save.error && (
          <Text c="red.9" fz="sm" role="alert">
            {save.error.message}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {product.Par !== null && (
            <Button variant="default" onClick={() => send(null)} disabled={save.isPending} mr="auto">
              Forget par
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save par
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
