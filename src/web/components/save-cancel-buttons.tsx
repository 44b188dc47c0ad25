import { Button, Group, type GroupProps } from '@mantine/core';

/** The staff forms' Cancel and Save (a submit button), right-aligned; Cancel waits while saving. */
export function SaveCancelButtons({
  onCancel,
  saving,
  ...rest
}: { onCancel: () => void; saving: boolean } & GroupProps) {
  return (
    <Group justify="flex-end" gap="sm" {...rest}>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </Group>
  );
}
