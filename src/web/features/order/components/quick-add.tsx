import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import type { QuickOrderLine } from '../../../../domain/quick-order.schema';
import { useQuickOrder } from '../api/quick-order';

/** A product the form offers for the delivery date. */
export interface QuickAddProduct {
  Code: string;
  Description: string;
  IsCaseOnly: boolean;
}

export interface QuickAddProps {
  customerId: number;
  /** The products on the form for the delivery date: a line's product must be one of them. */
  available: readonly QuickAddProduct[];
  /** Sets a product's cases and units on the form. */
  onAdd: (code: string, cases: number, units: number) => void;
}

/** A line of the answer as the person checks it: the product they chose, the quantities, whether added. */
interface Checked {
  line: QuickOrderLine;
  code: string | null;
  cases: number;
  units: number;
  added: boolean;
}

const PLACEHOLDER = '5 cs windy city cans\nvodka well 1L x2\nginger ale - 1';

/**
 * The quick add of step 2 (design.md 8.7, issue 41): a message typed or pasted as it would be
 * texted to the rep, read by the server into lines, each shown with the product it matched, its
 * cases and units, and the other likely products when the match is unsure. Nothing goes on the
 * order unseen: each line is added with a tap (its product and quantities changed first if they
 * are wrong), or every sure line with one.
 */
export function QuickAdd({ customerId, available, onAdd }: QuickAddProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked[] | null>(null);
  const read = useQuickOrder(customerId);
  const onForm = new Map(available.map((p) => [p.Code, p]));

  if (!open)
    return (
      <Group>
        <Button variant="default" mih={44} onClick={() => setOpen(true)}>
          Quick add from a message
        </Button>
      </Group>
    );

  const update = (i: number, change: Partial<Checked>) =>
    setChecked((all) => all?.map((c, k) => (k === i ? { ...c, ...change } : c)) ?? null);
  const add = (i: number) => {
    const c = checked![i]!;
    if (!c.code) return;
    onAdd(c.code, c.cases, c.units);
    update(i, { added: true });
  };
  const addable = (c: Checked) => c.code !== null && onForm.has(c.code) && !c.added && c.cases + c.units > 0;
  const sureLeft = (checked ?? []).filter((c) => c.line.Sure && addable(c));

  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby="quick-add-title">
      <Stack gap="sm">
        <Text id="quick-add-title" fw={700}>
          Quick add from a message
        </Text>
        <Textarea
          label="Type or paste your order"
          description="A product a line, as you would text it"
          placeholder={PLACEHOLDER}
          autosize
          minRows={4}
          maxRows={12}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group gap="sm">
          <Button
            mih={44}
            loading={read.isPending}
            disabled={text.trim() === ''}
            onClick={() =>
              read.mutate(text, {
                onSuccess: (answer) =>
                  setChecked(
                    answer.Lines.map((line) => ({
                      line,
                      code: line.Code,
                      cases: line.Cases,
                      units: line.Units,
                      added: false,
                    })),
                  ),
              })
            }
          >
            Read the message
          </Button>
          <Button
            variant="default"
            mih={44}
            onClick={() => {
              setOpen(false);
              setChecked(null);
            }}
          >
            Close
          </Button>
        </Group>
        {read.isError && (
          <Alert color="red" role="alert" p="xs">
            {read.error instanceof Error ? read.error.message : 'The message could not be read.'}
          </Alert>
        )}
        {checked && (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Lines read">
            {checked.map((c, i) => (
              <QuickLine
                // The answer's lines never move: their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={i}
                checked={c}
                product={c.code ? onForm.get(c.code) : undefined}
                onChange={(change) => update(i, change)}
                onAdd={() => add(i)}
              />
            ))}
          </Stack>
        )}
        {checked && (
          <Group justify="space-between" gap="sm">
            <Text fz="sm" c="dimmed">
              {`${checked.filter((c) => c.added).length} of ${checked.filter((c) => c.code).length} products added`}
            </Text>
            <Button
              mih={44}
              disabled={sureLeft.length === 0}
              onClick={() => {
                for (const [i, c] of checked.entries()) if (c.line.Sure && addable(c)) add(i);
              }}
            >
              {`Add the sure lines (${sureLeft.length})`}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function QuickLine({
  checked: c,
  product,
  onChange,
  onAdd,
}: {
  checked: Checked;
  product: QuickAddProduct | undefined;
  onChange: (change: Partial<Checked>) => void;
  onAdd: () => void;
}) {
  const { line } = c;
  if (line.Code === null)
    return (
      <Paper component="li" p="xs" radius="sm" bg="gray.0" data-testid="quick-line">
        <Text fz="sm">{line.Text}</Text>
        <Text fz="xs" c="dimmed">
          Not a product: left out
        </Text>
      </Paper>
    );
  const choices = [
    { value: line.Code, label: line.Description ?? line.Code },
    ...line.Alternatives.map((a) => ({ value: a.Code, label: a.Description })),
  ];
  const quantity = (field: 'cases' | 'units') => (value: string | number) =>
    onChange({ [field]: typeof value === 'number' ? value : 0, added: false });
  return (
    <Paper component="li" p="xs" radius="sm" withBorder data-testid="quick-line">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm" fs="italic" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {`“${line.Text}”`}
          </Text>
          {line.Sure ? (
            <Badge color="teal.9" variant="filled">
              Sure
            </Badge>
          ) : (
            <Badge color="yellow.4" c="dark.9" variant="filled">
              Check
            </Badge>
          )}
        </Group>
        <Select
          label="Product"
          aria-label={`Product for “${line.Text}”`}
          data={choices}
          value={c.code}
          allowDeselect={false}
          onChange={(code) => onChange({ code, added: false })}
        />
        {!product && (
          <Text fz="xs" c="red.9">
            Not on this order's products for the delivery date
          </Text>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NumberInput
            label="Cases"
            aria-label={`Cases for “${line.Text}”`}
            w={80}
            min={0}
            max={9999}
            allowDecimal={false}
            allowNegative={false}
            value={c.cases}
            onChange={quantity('cases')}
          />
          {(!product?.IsCaseOnly || c.units > 0) && (
            <NumberInput
              label="Units"
              aria-label={`Units for “${line.Text}”`}
              w={80}
              min={0}
              max={9999}
              allowDecimal={false}
              allowNegative={false}
              value={c.units}
              onChange={quantity('units')}
              error={product?.IsCaseOnly && c.units > 0 ? 'Sold by the case only' : undefined}
            />
          )}
          <Button
            ml="auto"
            mih={44}
            variant={c.added ? 'light' : 'filled'}
            disabled={c.added || !product || c.cases + c.units === 0 || (product.IsCaseOnly && c.units > 0)}
            onClick={onAdd}
            aria-label={c.added ? `Added: ${line.Text}` : `Add ${line.Text}`}
          >
            {c.added ? 'Added' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
