import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * "Save then back; Cancel back" (spec section 4): the previous page when there is one in this
 * tab, else `fallback` (an edit screen opened from a link or a bookmark must not leave the app).
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [key, navigate, fallback]);
}
