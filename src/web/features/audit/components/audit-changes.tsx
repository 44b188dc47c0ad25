import { List, Text } from '@mantine/core';
import type { AuditChange } from '../../../../domain/audit.schema';

const MAX_SHOWN = 80;

function shown(v: AuditChange['Before']): string {
  if (v === null) return '(none)';
  if (v === '') return '(empty)';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  const s = String(v);
  return s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}…` : s;
}

/** One line per changed field: 'Cutoff Hours: 16 → 9' (long values cut, the whole one in the title). */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return <Text fz="sm">No field changed</Text>;
  return (
    <List size="sm" spacing={2} listStyleType="none" withPadding={false} style={{ overflowWrap: 'anywhere' }}>
      {changes.map((c) => (
        <List.Item key={c.Field} title={`${c.Field}: ${String(c.Before)} → ${String(c.After)}`}>
          <Text span fz="sm" fw={700}>
            {c.Field}
          </Text>
          : {shown(c.Before)} → {shown(c.After)}
        </List.Item>
      ))}
    </List>
  );
}
