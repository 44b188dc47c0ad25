import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerType, CustomerTypeSave } from '../../../../domain/customer-type.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /CustomerType with Footer '' (spec section 7: "the type, Footer emptied"). */
export function saveCustomerType(body: CustomerTypeSave): Promise<CustomerType> {
  return apiFetch<CustomerType>('CustomerType', { method: 'POST', body: { ...body, Footer: '' } });
}

export function useSaveCustomerType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomerType,
    // The form puts field errors under its fields and shows the dialog for the rest.
    meta: { errorDialog: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customerTypes.all }),
  });
}
