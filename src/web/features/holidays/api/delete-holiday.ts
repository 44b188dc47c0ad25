import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invalidateCalendar } from './add-holiday';

export function deleteHoliday(id: number): Promise<void> {
  return apiFetch<void>(`Holiday/${id}`, { method: 'DELETE' });
}

export function useDeleteHoliday() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteHoliday, onSuccess: () => invalidateCalendar(queryClient) });
}
