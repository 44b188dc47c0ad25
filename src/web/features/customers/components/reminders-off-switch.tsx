import { Switch } from '@mantine/core';
import { showSavedToast } from '../../../lib/saved-toast';
import { useCustomerReminders } from '../api/get-customer-reminders';
import { useSaveCustomerReminders } from '../api/save-customer-reminders';

/**
 * RemindersOff on the customer view (design.md 7.4): the customer's stop link sets it, staff
 * can set or clear it here. Saved as soon as it is switched; the switch shows the server's
 * answer, so a failed save (the error dialog says why) leaves it as it was.
 */
export function RemindersOffSwitch({ customerId, label }: { customerId: number; label: string }) {
  const reminders = useCustomerReminders(customerId);
  const save = useSaveCustomerReminders(customerId);
  const off = save.isPending ? save.variables : reminders.data?.RemindersOff;
  return (
    <Switch
      label="Reminders Off?"
      description="No cutoff reminder mails to this customer (the stop link in a reminder sets this)"
      checked={off ?? false}
      disabled={reminders.data === undefined || save.isPending}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        save.mutate(next, {
          onSuccess: () => showSavedToast(`Reminders ${next ? 'off' : 'on'} for ${label}`),
        });
      }}
    />
  );
}
