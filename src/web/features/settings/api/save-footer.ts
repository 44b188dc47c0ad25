import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FooterResponse } from './get-footer';

/** POST /Footer; the server sanitizes the HTML and answers what it stored. */
export function saveFooter(Footer: string): Promise<FooterResponse> {
  return apiFetch<FooterResponse>('Footer', { method: 'POST', body: { Footer } });
}

export function useSaveFooter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFooter,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.footer, saved),
  });
}
